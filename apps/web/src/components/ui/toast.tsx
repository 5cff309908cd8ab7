import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

/** How long a toast stays (ms): long enough to read two short sentences. */
export const TOAST_DELAY = 6000;
/** At most this many toasts at once; the oldest goes first. */
const MAX_TOASTS = 3;

interface ToastApi {
  /** Shows a short success message ("Rechnung storniert.") that hides itself. */
  success: (message: string) => void;
}

interface ToastItem {
  id: number;
  message: string;
  show: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The site's one way to say that a change went through: a toast in the lower right corner that
 * hides itself after a few seconds (a click closes it earlier). react-bootstrap's Toast always
 * calls itself an assertive alert, so the visible toast is hidden from screen readers and the
 * same text goes into a polite status region that is always in the page (a live region must
 * exist before its text changes to be read).
 */
export function ToastProvider({ children, delay = TOAST_DELAY }: { children: ReactNode; delay?: number }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const success = useCallback((message: string) => {
    const id = nextId.current++;
    setToasts((current) => [...current.filter((t) => t.show).slice(-(MAX_TOASTS - 1)), { id, message, show: true }]);
  }, []);
  const hide = (id: number) => setToasts((current) => current.map((t) => (t.id === id ? { ...t, show: false } : t)));
  const remove = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  const api = useMemo(() => ({ success }), [success]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer position="bottom-end" containerPosition="fixed" className="site-toasts p-3">
        {toasts.map((t) => (
          <Toast
            key={t.id}
            show={t.show}
            autohide
            delay={delay}
            onClose={() => hide(t.id)}
            onExited={() => remove(t.id)}
            onClick={() => hide(t.id)}
            aria-hidden="true"
            bg="success"
            className="text-white border-0"
          >
            <Toast.Body className="d-flex gap-2 align-items-start">
              <span aria-hidden="true">✓</span>
              <span>{t.message}</span>
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
      <div role="status" aria-live="polite" className="visually-hidden">
        {toasts
          .filter((t) => t.show)
          .map((t) => (
            <p key={t.id}>{t.message}</p>
          ))}
      </div>
    </ToastContext.Provider>
  );
}

/** The toasts of the app shell's ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast braucht den ToastProvider der App.');
  return api;
}
