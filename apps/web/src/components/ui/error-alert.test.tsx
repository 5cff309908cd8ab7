// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ErrorAlert } from './error-alert';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const NEEDS_CODE = 'Für den Vorstandsbereich melden Sie sich bitte erneut an, diesmal mit dem Code Ihrer Zwei-Faktor-Anmeldung.';

describe('the error box', () => {
  it('shows the API message; a plain refusal offers no new login', () => {
    render(<ErrorAlert error={new ApiError(403, 'FORBIDDEN', 'Dafür fehlt Ihnen die Berechtigung.')} title="Nicht geladen." />);
    expect(screen.getByRole('alert').textContent).toContain('Dafür fehlt Ihnen die Berechtigung.');
    expect(screen.queryByRole('button', { name: 'Erneut anmelden' })).toBeNull();
  });

  it('for a board screen refused without the code: the sentence and «Erneut anmelden», which logs out and starts the login back here', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/admin/members?q=vogel');
    render(<ErrorAlert error={new ApiError(403, 'SECOND_FACTOR_REQUIRED', NEEDS_CODE)} title="Die Suche hat nicht geklappt." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Anmeldung mit Code nötig');
    expect(alert.textContent).toContain(NEEDS_CODE);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/oauth/login?returnTo=${encodeURIComponent('/admin/members?q=vogel')}`));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/oauth/logout');
  });
});
