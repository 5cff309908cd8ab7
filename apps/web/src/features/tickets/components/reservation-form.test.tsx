// @vitest-environment happy-dom
import type { Game, StoredAddress, TicketReservation } from '@club/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, refusal, renderWithApp, sessionRoute, type Routes, type SentRequest } from '@/test/fake-api';
import { ReservationForm } from './reservation-form';

const game: Game = {
  id: 7,
  gameGroupId: 1,
  gameGroupName: 'Heimspiele',
  start: '2026-12-12T18:45:00.000Z',
  opponent: 'HCD',
  homeGame: true,
  venue: 'Swiss Life Arena',
  salesOpenAt: null,
  salesCloseAt: null,
  salesOpen: true,
  salesState: 'OPEN',
  pricePerTicket: { currency: 'CHF', amount: 35.55 },
  paymentMode: 'INVOICE',
  ticketsLeft: 50,
  freeTicketAmount: 4,
  ticketsHeld: 0,
  ticketsMayReserve: 4,
  saleMode: 'FIRST_COME',
  drawAt: null,
  drawnAt: null,
  ticketsRequested: null,
  ticketsWaiting: 0,
  ownRequest: null,
};

const home: StoredAddress = {
  street: 'Hardturmstrasse',
  houseNumber: '12',
  addressLine2: '',
  postalCode: '8005',
  city: 'Zürich',
  country: 'CH',
};

const reservationsPath = '/api/v1/games/7/deliveryoptions/2/ticketreservations/';

function reservation(amount: number): TicketReservation {
  return {
    id: 99,
    gameId: 7,
    gameBegin: game.start,
    amount,
    deliveryOption: { id: 2, name: 'Abholen am Stand', fee: { currency: 'CHF', amount: 0 } },
    deliveryAddress: home,
    price: game.pricePerTicket,
    createdAt: '2026-11-25T08:00:00.000Z',
    totalPrice: { currency: 'CHF', amount: 35.55 * amount },
    fee: { currency: 'CHF', amount: 0 },
    total: { currency: 'CHF', amount: 35.55 * amount },
    paymentMode: 'INVOICE',
    gameGroupName: game.gameGroupName,
    opponent: game.opponent,
    homeGame: true,
    venue: game.venue,
    cancellable: true,
    status: 'CONFIRMED',
    movedUpAt: null,
    invoiceId: null,
    invoiceStatus: null,
    handedOverAt: null,
  } as TicketReservation;
}

/** The game's delivery options and the member's address on file, plus what a test adds. */
function server(routes: Routes = {}, address: StoredAddress | null = home) {
  return fakeApi({
    ...sessionRoute(ownMember()),
    'GET /api/v1/games/7/deliveryoptions/': {
      status: 200,
      body: {
        data: [
          { data: { id: 1, name: 'Post', fee: { currency: 'CHF', amount: 5 } } },
          { data: { id: 2, name: 'Abholen am Stand', fee: { currency: 'CHF', amount: 0 } } },
        ],
      },
    },
    'GET /api/v1/games/7/deliveryaddress/': { status: 200, body: { data: address, expands: [] } },
    ...routes,
  });
}

async function openForm(onReserved = vi.fn()) {
  const user = userEvent.setup();
  renderWithApp(<ReservationForm game={game} onReserved={onReserved} />);
  await screen.findByRole('group', { name: 'Zustellung' });
  return { user, onReserved };
}

const posts = (requests: SentRequest[]) => requests.filter((r) => r.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reserving tickets for a game', () => {
  it('offers the delivery options and up to the tickets the member may still take, and totals the price', async () => {
    server();
    const { user } = await openForm();
    expect(screen.getByLabelText(/Post/)).toBeTruthy();
    expect(screen.getByText(/\+ CHF\s5\.00 pro Reservation/)).toBeTruthy();
    const amount = screen.getByLabelText('Anzahl Tickets');
    expect(
      within(amount)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(screen.getByText('Sie können noch 4 Tickets reservieren.')).toBeTruthy();
    expect(screen.getByTestId('reservation-total').textContent).toMatch(/^CHF\s71\.10$/);

    await user.selectOptions(amount, '3');
    expect(screen.getByTestId('reservation-total').textContent).toMatch(/^CHF\s106\.65$/);
    // The delivery fee is part of the total before confirming, and the form says how it is paid.
    await user.click(screen.getByLabelText(/Post/));
    expect(screen.getByTestId('reservation-total').textContent).toMatch(/^CHF\s111\.65$/);
    expect(screen.getByText(/\+ Zustellung CHF\s5\.00/)).toBeTruthy();
    expect(screen.getByTestId('reservation-payment').textContent).toMatch(/^Rechnung folgt:/);
  });

  it('when no delivery option is chosen, then it says so beside the options and sends nothing', async () => {
    const { requests } = server();
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Verbindlich reservieren' }));
    expect(await screen.findByText('Bitte eine Zustelloption wählen.')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('when another address is wanted but left empty, then each missing part is named and nothing is sent', async () => {
    const { requests } = server();
    const { user } = await openForm();
    await user.click(screen.getByLabelText('Abholen am Stand'));
    await user.click(screen.getByLabelText('Für diese Reservation an eine andere Adresse liefern'));
    await user.click(screen.getByRole('button', { name: 'Verbindlich reservieren' }));
    expect(await screen.findByText('Strasse: Bitte ausfüllen.')).toBeTruthy();
    expect(screen.getByText('Ort: Bitte ausfüllen.')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('sends the chosen amount and option with an Idempotency-Key and hands on the reservation the server made', async () => {
    const made = reservation(3);
    const { requests } = server({ [`POST ${reservationsPath}`]: { status: 201, body: { data: made, expands: [] } } });
    const { user, onReserved } = await openForm();
    await user.click(screen.getByLabelText('Abholen am Stand'));
    await user.selectOptions(screen.getByLabelText('Anzahl Tickets'), '3');
    await user.click(screen.getByRole('button', { name: 'Verbindlich reservieren' }));

    await waitFor(() => expect(onReserved).toHaveBeenCalledWith(made));
    const [post] = posts(requests);
    expect(post?.url).toBe(reservationsPath);
    expect(post?.body).toEqual({ amount: 3 });
    expect(post?.headers['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('sends the other address when the member gives one', async () => {
    const { requests } = server({ [`POST ${reservationsPath}`]: { status: 201, body: { data: reservation(2), expands: [] } } });
    const { user, onReserved } = await openForm();
    await user.click(screen.getByLabelText('Abholen am Stand'));
    await user.click(screen.getByLabelText('Für diese Reservation an eine andere Adresse liefern'));
    await user.type(screen.getByLabelText(/^Strasse/), 'Limmatstrasse');
    await user.type(screen.getByLabelText(/^Nr\./), '5');
    await user.type(screen.getByLabelText(/^PLZ/), '8005');
    await user.type(screen.getByLabelText(/^Ort/), 'Zürich');
    await user.click(screen.getByRole('button', { name: 'Verbindlich reservieren' }));

    await waitFor(() => expect(onReserved).toHaveBeenCalled());
    expect(posts(requests)[0]?.body).toMatchObject({
      amount: 2,
      deliveryAddress: { street: 'Limmatstrasse', houseNumber: '5', postalCode: '8005', city: 'Zürich', country: 'CH' },
    });
  });

  it('without an address on file, asks for the delivery address right away', async () => {
    server({}, null);
    await openForm();
    expect(screen.getByText('Bei uns ist keine Adresse hinterlegt. Bitte geben Sie die Lieferadresse an.')).toBeTruthy();
    expect(screen.getByLabelText(/^Strasse/)).toBeTruthy();
    expect(screen.queryByLabelText('Für diese Reservation an eine andere Adresse liefern')).toBeNull();
  });

  it('when the server refuses, then its German message is shown and a second try carries the same Idempotency-Key', async () => {
    const { requests } = server({
      [`POST ${reservationsPath}`]: refusal(409, 'QUOTA_EXCEEDED', 'Für dieses Spiel sind nur noch 2 Tickets frei.'),
    });
    const { user, onReserved } = await openForm();
    await user.click(screen.getByLabelText('Abholen am Stand'));
    await user.selectOptions(screen.getByLabelText('Anzahl Tickets'), '3');
    const button = screen.getByRole('button', { name: 'Verbindlich reservieren' });
    await user.click(button);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Reservation ist nicht gelungen.');
    expect(alert.textContent).toContain('Für dieses Spiel sind nur noch 2 Tickets frei.');
    expect(onReserved).not.toHaveBeenCalled();

    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
    const [first, second] = posts(requests);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('shows the server’s field messages beside the fields', async () => {
    server({
      [`POST ${reservationsPath}`]: refusal(422, 'VALIDATION_FAILED', 'Bitte prüfen Sie Ihre Eingaben.', {
        amount: 'Anzahl: Höchstens 2.',
      }),
    });
    const { user } = await openForm();
    await user.click(screen.getByLabelText('Abholen am Stand'));
    await user.click(screen.getByRole('button', { name: 'Verbindlich reservieren' }));
    expect(await screen.findByText('Anzahl: Höchstens 2.')).toBeTruthy();
    expect(screen.getByLabelText('Anzahl Tickets').getAttribute('aria-describedby')).toContain('amount-error');
  });
});
