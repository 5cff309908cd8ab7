// @vitest-environment happy-dom
import type { AdminGame, AdminTicketReservation } from '@club/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ownMember, renderWithApp, sessionRoute } from '@/test/fake-api';
import { AdminGameCard } from './admin-game-card';

const reservation = (id: number): AdminTicketReservation => ({
  id,
  member: { id, memberNumber: 1000 + id, firstName: 'Mitglied', lastName: `Nr${id}` },
  amount: 2,
  deliveryOption: { id: 1, name: 'Post', fee: { currency: 'CHF', amount: 0 } },
  deliveryAddress: { street: 'Limmatstrasse', houseNumber: '1', addressLine2: '', postalCode: '8005', city: 'Zürich', country: 'CH' },
  price: { currency: 'CHF', amount: 35 },
  createdAt: '2026-11-01T10:00:00.000Z',
  status: 'CONFIRMED',
  drawRank: null,
  movedUpAt: null,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => reservation(from + i));

const game: AdminGame = {
  id: 9,
  gameGroupId: 3,
  start: '2027-01-12T18:45:00.000Z',
  opponent: 'SCB',
  homeGame: true,
  venue: 'Swiss Life Arena',
  salesOpenAt: null,
  salesCloseAt: null,
  salesOpen: true,
  salesState: 'OPEN',
  reserved: 240,
  ticketsLeft: 60,
  saleMode: 'FIRST_COME',
  drawAt: null,
  drawnAt: null,
  requested: 0,
  waiting: 0,
  reservationCount: 120,
  reservations: range(1, 50),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a game with a long reservation list on the board's group page", () => {
  it('when the board asks for more, then the next pages of 50 come from the server until all are shown', async () => {
    const { requests } = fakeApi({
      ...sessionRoute(ownMember({ roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] })),
      'GET /api/v1/admin/games/9/reservations': (request) => {
        const page = Number(new URL(request.url, 'http://localhost').searchParams.get('page'));
        const items = page === 2 ? range(51, 100) : range(101, 120);
        return { status: 200, body: { data: items.map((data) => ({ data })), page: { page, pageSize: 50, total: 120, totalPages: 3 } } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <MemoryRouter>
        <AdminGameCard game={game} quota={300} onEdit={() => undefined} onDelete={() => undefined} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: 'Reservationen für ZSC – SCB' });
    expect(within(list).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('50 von 120 Reservationen')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/reservations'))).toHaveLength(0);

    // The button's name starts with its visible text, then says which game it is for.
    await user.click(screen.getByRole('button', { name: 'Mehr anzeigen (50 weitere) – Reservationen für ZSC – SCB' }));
    expect(await screen.findByText('100 von 120 Reservationen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mehr anzeigen (20 weitere) – Reservationen für ZSC – SCB' }));
    expect(await within(list).findByText(/Nr120/)).toBeTruthy();
    expect(within(list).getAllByRole('row')).toHaveLength(121);
    expect(screen.queryByRole('button', { name: /^Mehr anzeigen/ })).toBeNull();
    expect(requests.filter((r) => r.url.includes('/reservations')).map((r) => r.url)).toEqual([
      '/api/v1/admin/games/9/reservations?page=2&pageSize=50',
      '/api/v1/admin/games/9/reservations?page=3&pageSize=50',
    ]);
  }, 60_000);
});
