// @vitest-environment happy-dom
import type { ClubEvent } from '@club/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, refusal, renderWithApp, sessionRoute, type Routes, type SentRequest } from '@/test/fake-api';
import { SubscriptionPanel } from './subscription-panel';

const event: ClubEvent = {
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
  paymentMode: 'ON_SITE',
  placesLeft: 10,
  waitingCount: 0,
  registrationOpen: true,
  ended: false,
  subscription: null,
};

const subscriptionsPath = '/api/v1/events/4/subscriptions';

function member(routes: Routes = {}) {
  return fakeApi({ ...sessionRoute(ownMember()), ...routes });
}

async function openPanel(shown: ClubEvent = event) {
  const user = userEvent.setup();
  renderWithApp(<SubscriptionPanel event={shown} />);
  return { user };
}

const writes = (requests: SentRequest[]) => requests.filter((r) => r.method !== 'GET');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('subscribing to an event', () => {
  it('sends a visitor to the login and back to the event', async () => {
    fakeApi(sessionRoute(null));
    await openPanel();
    const login = await screen.findByRole('link', { name: 'Einloggen und anmelden' });
    expect(login.getAttribute('href')).toBe(`/oauth/login?returnTo=${encodeURIComponent('/events/4')}`);
    expect(screen.queryByRole('button', { name: 'Verbindlich anmelden' })).toBeNull();
  });

  it('offers up to the places per member and totals the price to pay on the spot', async () => {
    member();
    const { user } = await openPanel();
    const amount = await screen.findByLabelText('Anzahl Plätze');
    expect([...(amount as HTMLSelectElement).options].map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(screen.getByText(/Pro Mitglied höchstens 3 Plätze\. Total CHF\s17\.50, zahlbar vor Ort\./)).toBeTruthy();
    await user.selectOptions(amount, '3');
    expect(screen.getByText(/Total CHF\s52\.50, zahlbar vor Ort\./)).toBeTruthy();
  });

  it('an event paid by invoice says «Rechnung folgt», never «zahlbar vor Ort»', async () => {
    member();
    await openPanel({ ...event, paymentMode: 'INVOICE' });
    await screen.findByLabelText('Anzahl Plätze');
    expect(screen.getByText(/Total CHF\s17\.50, Rechnung folgt\./)).toBeTruthy();
    expect(screen.queryByText(/zahlbar vor Ort/)).toBeNull();
  });

  it('subscribes with the chosen places and announces the answer', async () => {
    const { requests } = member({
      [`POST ${subscriptionsPath}`]: {
        status: 201,
        body: { data: { eventId: 4, amount: 2, status: 'CONFIRMED', subscriptionTimestamp: '2026-11-25T08:00:00.000Z' } },
      },
    });
    const { user } = await openPanel();
    await user.selectOptions(await screen.findByLabelText('Anzahl Plätze'), '2');
    await user.click(screen.getByRole('button', { name: 'Verbindlich anmelden' }));

    expect((await screen.findByText('Angemeldet mit 2 Plätzen.')).getAttribute('role')).toBe('status');
    expect(writes(requests)).toEqual([expect.objectContaining({ method: 'POST', url: subscriptionsPath, body: { id: 4, amount: 2 } })]);
  });

  it('when fewer places are left than chosen, then it offers the waiting list and asks for it', async () => {
    const { requests } = member({
      [`POST ${subscriptionsPath}`]: {
        status: 201,
        body: { data: { eventId: 4, amount: 3, status: 'WAITING', subscriptionTimestamp: '2026-11-25T08:00:00.000Z' } },
      },
    });
    const { user } = await openPanel({ ...event, placesLeft: 1 });
    await user.selectOptions(await screen.findByLabelText('Anzahl Plätze'), '3');
    expect(screen.getByText(/Es ist nur noch 1 Platz frei\. Sie können sich auf die Warteliste setzen/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Auf die Warteliste' }));

    expect((await screen.findByText('Auf der Warteliste mit 3 Plätzen.')).getAttribute('role')).toBe('status');
    expect(writes(requests)[0]?.body).toEqual({ id: 4, amount: 3, waitlist: true });
  });

  it('when the server refuses, then its German message is shown', async () => {
    member({
      [`POST ${subscriptionsPath}`]: refusal(409, 'QUOTA_EXCEEDED', 'Pro Mitglied sind höchstens 3 Plätze möglich.'),
    });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Verbindlich anmelden' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Anmeldung ist nicht gelungen.');
    expect(alert.textContent).toContain('Pro Mitglied sind höchstens 3 Plätze möglich.');
    // A limit per member is not a full event: no waiting list offered.
    expect(screen.queryByRole('button', { name: 'Auf die Warteliste' })).toBeNull();
  });

  it('when the event turns out full, then the refusal offers the waiting list', async () => {
    member({ [`POST ${subscriptionsPath}`]: refusal(409, 'QUOTA_EXCEEDED', 'Es sind keine Plätze mehr frei.') });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Verbindlich anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Es sind keine Plätze mehr frei.');
    expect(screen.getByRole('button', { name: 'Auf die Warteliste' })).toBeTruthy();
  });

  it('shows the server’s field message beside the amount', async () => {
    member({
      [`POST ${subscriptionsPath}`]: refusal(422, 'VALIDATION_FAILED', 'Bitte prüfen Sie Ihre Eingaben.', {
        amount: 'Anzahl Plätze: Höchstens 2.',
      }),
    });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('Anzahl Plätze: Höchstens 2.')).toBeTruthy();
    expect(screen.getByLabelText('Anzahl Plätze').getAttribute('aria-describedby')).toContain('amount-error');
  });

  it('a subscribed member changes the amount or cancels after confirming', async () => {
    const own = {
      eventId: 4,
      amount: 2,
      status: 'CONFIRMED' as const,
      subscriptionTimestamp: '2026-11-20T08:00:00.000Z',
      fee: { currency: 'CHF' as const, amount: 0 },
      total: { currency: 'CHF' as const, amount: 17.5 * 2 },
      paymentMode: 'ON_SITE' as const,
      waitingPosition: null,
    };
    const { requests } = member({ [`DELETE ${subscriptionsPath}`]: { status: 204 } });
    const { user } = await openPanel({ ...event, subscription: own });
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Sie sind angemeldet mit 2 Plätzen.');
    expect(screen.getByLabelText('Anzahl Plätze ändern')).toBeTruthy();
    expect(screen.getByText(/Total CHF\s35\.00, zahlbar vor Ort\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anzahl ändern' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abmelden?' });
    expect(dialog.textContent).toContain('Sie melden sich von «Chlausabend» ab. Ihre 2 Plätze gehen an Mitglieder auf der Warteliste');
    await user.click(screen.getAllByRole('button', { name: 'Abmelden' }).find((b) => dialog.contains(b))!);

    await waitFor(() => expect(writes(requests)).toEqual([expect.objectContaining({ method: 'DELETE', url: subscriptionsPath })]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with one place per member, there is no amount to choose: it subscribes 1 place, and the cancel dialog speaks of "Ihr Platz"', async () => {
    const single = { ...event, maxPlacesPerMember: 1 };
    const { requests } = member({
      [`POST ${subscriptionsPath}`]: {
        status: 201,
        body: { data: { eventId: 4, amount: 1, status: 'CONFIRMED', subscriptionTimestamp: '2026-11-25T08:00:00.000Z' } },
      },
    });
    const { user } = await openPanel(single);
    await screen.findByRole('button', { name: 'Verbindlich anmelden' });
    expect(screen.queryByLabelText('Anzahl Plätze')).toBeNull();
    expect(screen.getByText(/Pro Mitglied 1 Platz\. Preis CHF\s17\.50, zahlbar vor Ort\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() =>
      expect(writes(requests)).toEqual([expect.objectContaining({ method: 'POST', url: subscriptionsPath, body: { id: 4, amount: 1 } })]),
    );
    cleanup();

    const own = {
      eventId: 4,
      amount: 1,
      status: 'CONFIRMED' as const,
      subscriptionTimestamp: '2026-11-20T08:00:00.000Z',
      fee: { currency: 'CHF' as const, amount: 0 },
      total: { currency: 'CHF' as const, amount: 17.5 * 2 },
      paymentMode: 'ON_SITE' as const,
      waitingPosition: null,
    };
    const second = await openPanel({ ...single, subscription: own });
    expect(screen.queryByRole('button', { name: 'Anzahl ändern' })).toBeNull();
    await second.user.click(await screen.findByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abmelden?' });
    expect(dialog.textContent).toContain(
      'Sie melden sich von «Chlausabend» ab. Ihr Platz geht an ein Mitglied auf der Warteliste oder wird wieder frei.',
    );
    expect(dialog.textContent).not.toContain('1 Platz');
  });

  it('after the deadline, only says so', async () => {
    member();
    await openPanel({ ...event, registrationOpen: false });
    expect(await screen.findByText('Der Anmeldeschluss ist vorbei.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verbindlich anmelden' })).toBeNull();
  });
});
