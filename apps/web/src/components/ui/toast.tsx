import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

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
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The site's one way to say that a change went through: a toast in the lower right corner that
 * hides itself after a few seconds (a click closes it earlier). The visible toast is hidden from
 * screen readers and the same text goes into a polite status region that is always in the page (a
 * live region must exist before its text changes to be read). Bootstrap's toast classes without
 * react-bootstrap: the provider is part of the app shell, which loads no react-bootstrap (Home's
 * initial JavaScript, bench/bundle).
 */
export function ToastProvider({ children, delay = TOAST_DELAY }: { children: ReactNode; delay?: number }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const success = useCallback((message: string) => {
    const id = nextId.current++;
    setToasts((current) => [...current.slice(-(MAX_TOASTS - 1)), { id, message }]);
  }, []);
  const hide = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const api = useMemo(() => ({ success }), [success]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-container position-fixed bottom-0 end-0 site-toasts p-3">
        {toasts.map((t) => (
          <SuccessToast key={t.id} id={t.id} message={t.message} delay={delay} onHide={hide} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {toasts.map((t) => (
          <p key={t.id}>{t.message}</p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** One toast: green, with a check mark; gone after `delay` or a click. */
function SuccessToast({ id, message, delay, onHide }: { id: number; message: string; delay: number; onHide: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onHide(id), delay);
    return () => clearTimeout(timer);
  }, [id, delay, onHide]);
  return (
    <div className="toast show text-bg-success text-white border-0" aria-hidden="true" onClick={() => onHide(id)}>
      <div className="toast-body d-flex gap-2 align-items-start">
        <span aria-hidden="true">✓</span>
        <span>{message}</span>
      </div>
    </div>
  );
}

/** The toasts of the app shell's ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast braucht den ToastProvider der App.');
  return api;
}
