// @vitest-environment happy-dom
import type { AdminEvent, EventSubscriber } from '@club/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, refusal, renderWithApp, sessionRoute, type Routes, type SentRequest } from '@/test/fake-api';
import { AddSubscriberButton, SubscriberActions } from './event-list-actions';

const event: AdminEvent = {
  id: 4,
  title: 'Chlausabend',
  description: 'Mit Nüssen und Mandarinen.',
  location: 'Fanlokal Limmat, Zürich',
  start: '2026-12-05T17:30:00.000Z',
  end: '2026-12-05T22:30:00.000Z',
  registrationDeadline: '2026-12-03T11:00:00.000Z',
  capacity: 40,
  price: { currency: 'CHF', amount: 17.5 },
  maxPlacesPerMember: 3,
  paymentMode: 'INVOICE',
  placesLeft: 0,
  waitingCount: 1,
  registrationOpen: true,
  ended: false,
  placesTaken: 40,
  placesWaiting: 2,
  subscriberCount: 21,
};

const waiting: EventSubscriber = {
  member: { id: 7, firstName: 'Anna', lastName: 'Muster' },
  amount: 2,
  status: 'WAITING',
  subscriptionTimestamp: '2026-11-20T08:00:00.000Z',
};

const listPath = '/api/v1/admin/events/4/subscribers';
const hit = {
  id: 7,
  memberNumber: 1042,
  firstName: 'Anna',
  lastName: 'Muster',
  username: 'anna',
  email: 'anna@example.ch',
  city: 'Zürich',
  active: true,
};

function board(routes: Routes = {}) {
  return fakeApi({ ...sessionRoute(ownMember({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] })), ...routes });
}

const writes = (requests: SentRequest[]) => requests.filter((r) => r.method !== 'GET' && !r.url.startsWith('/api/v1/me'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the board on an event’s lists', () => {
  it('promotes a waiting member with a reason', async () => {
    const { requests } = board({ [`POST ${listPath}/7/promote`]: { status: 200, body: { data: { ...waiting, status: 'CONFIRMED' } } } });
    const user = userEvent.setup();
    renderWithApp(<SubscriberActions eventId={4} subscriber={waiting} />);
    await user.click(screen.getByRole('button', { name: 'Anna Muster nachrücken lassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anna Muster nachrücken lassen?' });
    expect(dialog.textContent).toContain('Anna Muster erhält 2 Plätze von der Warteliste');
    await user.type(within(dialog).getByLabelText(/Grund/), 'Zusatztisch aufgestellt');
    await user.click(within(dialog).getByRole('button', { name: 'Nachrücken' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(requests)).toEqual([
      expect.objectContaining({ method: 'POST', url: `${listPath}/7/promote`, body: { reason: 'Zusatztisch aufgestellt' } }),
    ]);
    expect(screen.getByRole('status').textContent).toBe('Anna Muster ist nachgerückt.');
  });

  it('shows the server’s German refusal when the places are not left, and keeps the dialog open', async () => {
    board({ [`POST ${listPath}/7/promote`]: refusal(409, 'QUOTA_EXCEEDED', 'Es sind nur noch 1 Platz frei.') });
    const user = userEvent.setup();
    renderWithApp(<SubscriberActions eventId={4} subscriber={waiting} />);
    await user.click(screen.getByRole('button', { name: 'Anna Muster nachrücken lassen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Nachrücken' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Es sind nur noch 1 Platz frei.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('');
  });

  it('removes a confirmed subscriber with the reason in the query; no promote offered', async () => {
    const { requests } = board({ [`DELETE ${listPath}/7`]: { status: 204 } });
    const user = userEvent.setup();
    renderWithApp(<SubscriberActions eventId={4} subscriber={{ ...waiting, status: 'CONFIRMED' }} />);
    expect(screen.queryByRole('button', { name: /nachrücken/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Anmeldung von Anna Muster entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldung von Anna Muster entfernen?' });
    expect(dialog.textContent).toContain('frei gewordene Plätze gehen an die Warteliste');
    await user.type(within(dialog).getByLabelText(/Grund/), 'auf Wunsch & krank');
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(requests)).toEqual([expect.objectContaining({ method: 'DELETE', url: `${listPath}/7?reason=auf+Wunsch+%26+krank` })]);
    expect(screen.getByRole('status').textContent).toBe('Anmeldung von Anna Muster entfernt.');
  });

  it('signs a member up by hand: searches by name or number, picks the hit, gives the places', async () => {
    const { requests } = board({
      'GET /api/v1/admin/members/': {
        status: 200,
        body: { data: [{ data: hit }], page: { page: 1, pageSize: 10, total: 1, totalPages: 1 } },
      },
      [`POST ${listPath}`]: { status: 201, body: { data: { ...waiting, status: 'CONFIRMED' } } },
    });
    const user = userEvent.setup();
    renderWithApp(<AddSubscriberButton event={event} />);
    await user.click(screen.getByRole('button', { name: 'Mitglied eintragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied eintragen' });
    const confirm = within(dialog).getByRole('button', { name: 'Eintragen' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(dialog.textContent).toMatch(/Frei: 0 Plätze\. Reichen die freien\s+Plätze nicht, kommt das Mitglied auf die Warteliste\./);

    await user.type(within(dialog).getByLabelText(/Mitglied suchen/), '1042{Enter}');
    await user.click(await within(dialog).findByRole('radio', { name: /Muster Anna \(Nr\. 1042, Zürich\)/ }));
    await user.clear(within(dialog).getByLabelText('Anzahl Plätze'));
    await user.type(within(dialog).getByLabelText('Anzahl Plätze'), '3');
    await user.type(within(dialog).getByLabelText(/Grund/), 'Papieranmeldung');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.url.startsWith('/api/v1/admin/members/'))?.url).toBe('/api/v1/admin/members/?q=1042&page=1&pageSize=10');
    expect(writes(requests)).toEqual([
      expect.objectContaining({ method: 'POST', url: listPath, body: { memberId: 7, amount: 3, reason: 'Papieranmeldung' } }),
    ]);
    expect(screen.getByRole('status').textContent).toBe('Anna Muster ist eingetragen.');
  });

  it('says when no member is found, refuses a bad amount, and shows the server’s 409', async () => {
    board({
      'GET /api/v1/admin/members/': (r) => ({
        status: 200,
        body: r.url.includes('q=niemand')
          ? { data: [], page: { page: 1, pageSize: 10, total: 0, totalPages: 0 } }
          : { data: [{ data: hit }], page: { page: 1, pageSize: 10, total: 1, totalPages: 1 } },
      }),
      [`POST ${listPath}`]: refusal(409, 'QUOTA_EXCEEDED', 'Es sind keine Plätze mehr frei.'),
    });
    const user = userEvent.setup();
    renderWithApp(<AddSubscriberButton event={event} />);
    await user.click(screen.getByRole('button', { name: 'Mitglied eintragen' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Mitglied suchen/), 'niemand{Enter}');
    expect(await within(dialog).findByText('Kein Mitglied gefunden.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/Mitglied suchen/));
    await user.type(within(dialog).getByLabelText(/Mitglied suchen/), 'Muster{Enter}');
    await user.click(await within(dialog).findByRole('radio', { name: /Muster Anna/ }));
    await user.clear(within(dialog).getByLabelText('Anzahl Plätze'));
    expect(within(dialog).getByText('Bitte eine ganze Zahl von 1 bis 3.')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Eintragen' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Anzahl Plätze'), '2');
    await user.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Es sind keine Plätze mehr frei.');
  });
});
