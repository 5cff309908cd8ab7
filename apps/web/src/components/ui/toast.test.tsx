// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';

function SaveButton({ message }: { message: string }) {
  const toast = useToast();
  return <button onClick={() => toast.success(message)}>Speichern</button>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows the message in a polite status region that screen readers read', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton message="Rechnung storniert." />
      </ToastProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(status.textContent).toBe('Rechnung storniert.');
    // The visible toast is there, but not read twice.
    const toast = document.querySelector('.toast');
    expect(toast?.textContent).toContain('Rechnung storniert.');
    expect(toast?.getAttribute('aria-hidden')).toBe('true');
  });

  it('hides itself after the delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(
      <ToastProvider delay={3000}>
        <SaveButton message="Gespeichert." />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('status').textContent).toBe('Gespeichert.');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('status').textContent).toBe('Gespeichert.');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the same thing again when it happens again, and keeps at most three', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton message="Gespeichert." />
      </ToastProvider>,
    );
    const button = screen.getByRole('button', { name: 'Speichern' });
    for (let i = 0; i < 4; i++) await user.click(button);
    expect(screen.getByRole('status').querySelectorAll('p')).toHaveLength(3);
  });

  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SaveButton message="x" />)).toThrow('ToastProvider');
  });
});
