import type { Game } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { gameAvailabilityText, groupByGameGroup, isoToZurichLocal, matchup, salesText, ticketsLeftText, zurichLocalToIso } from './games';
import { multiplyMoney } from '@/lib/money';

const game = (over: Partial<Game>): Game => ({
  id: 1,
  gameGroupId: 1,
  gameGroupName: 'Heimspiele',
  start: '2027-01-12T18:45:00.000Z',
  opponent: 'SCB',
  homeGame: true,
  venue: 'Swiss Life Arena',
  salesOpenAt: null,
  salesCloseAt: null,
  salesOpen: true,
  salesState: 'OPEN',
  pricePerTicket: { currency: 'CHF', amount: 35 },
  paymentMode: 'INVOICE',
  ticketsLeft: 10,
  freeTicketAmount: 4,
  ticketsHeld: null,
  ticketsMayReserve: null,
  saleMode: 'FIRST_COME',
  drawAt: null,
  drawnAt: null,
  ticketsRequested: null,
  ticketsWaiting: 0,
  ownRequest: null,
  ...over,
});

describe('ticket screen helpers', () => {
  it('groups games by their group in the order of the first game', () => {
    const sections = groupByGameGroup([
      game({ id: 1, gameGroupId: 2, gameGroupName: 'Auswärts' }),
      game({ id: 2, gameGroupId: 1 }),
      game({ id: 3, gameGroupId: 2, gameGroupName: 'Auswärts' }),
    ]);
    expect(sections.map((s) => [s.name, s.games.map((g) => g.id)])).toEqual([
      ['Auswärts', [1, 3]],
      ['Heimspiele', [2]],
    ]);
  });

  it('names the home team first', () => {
    expect(matchup({ opponent: 'SCB', homeGame: true }).title).toBe('ZSC – SCB');
    expect(matchup({ opponent: 'HCD', homeGame: false })).toEqual({ home: 'HCD', away: 'ZSC', title: 'HCD – ZSC' });
  });

  it('describes the sales window and the tickets left in German', () => {
    expect(salesText(game({}))).toBe('Verkauf bis 12.01.2027, 19:45 Uhr');
    expect(salesText(game({ salesState: 'NOT_YET_OPEN', salesOpenAt: '2027-01-01T09:00:00.000Z' }))).toBe(
      'Verkauf ab 01.01.2027, 10:00 Uhr',
    );
    expect(salesText(game({ salesState: 'CLOSED' }))).toBe('Verkauf geschlossen');
    expect([0, 1, 5].map(ticketsLeftText)).toEqual(['Ausverkauft', 'Noch 1 Ticket', 'Noch 5 Tickets']);
    expect(multiplyMoney(35.55, 3)).toBe(106.65);
  });

  it('converts datetime-local values as Zurich time, summer and winter', () => {
    expect(zurichLocalToIso('2027-01-12T19:45')).toBe('2027-01-12T18:45:00.000Z');
    expect(zurichLocalToIso('2026-07-01T19:30')).toBe('2026-07-01T17:30:00.000Z');
    expect(zurichLocalToIso('')).toBeNull();
    expect(isoToZurichLocal('2027-01-12T18:45:00.000Z')).toBe('2027-01-12T19:45');
    expect(isoToZurichLocal('2026-07-01T17:30:00.000Z')).toBe('2026-07-01T19:30');
    expect(isoToZurichLocal(null)).toBe('');
  });
});

describe('a game that has begun', () => {
  it('shows as over instead of the tickets left', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(gameAvailabilityText(34, '2026-11-23T19:45:00Z', now)).toBe('Spiel vorbei');
    expect(gameAvailabilityText(34, '2026-11-24T19:45:00Z', now)).toBe('Noch 34 Tickets');
    expect(gameAvailabilityText(0, '2026-11-24T19:45:00Z', now)).toBe('Ausverkauft');
  });

  it('before its sales open, says from when instead of the tickets left', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    const start = '2026-12-20T19:45:00Z';
    // 23:30 UTC on 8 December is already the 9th in Zurich.
    expect(gameAvailabilityText(40, start, now, { salesState: 'NOT_YET_OPEN', salesOpenAt: '2026-12-08T23:30:00Z' })).toBe(
      'Verkauf ab 09.12.',
    );
    expect(gameAvailabilityText(40, start, now, { salesState: 'OPEN', salesOpenAt: '2026-11-01T08:00:00Z' })).toBe('Noch 40 Tickets');
  });

  it('while a draw collects its requests, names the draw day; after the draw, the tickets left again', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const start = '2026-12-20T19:45:00Z';
    const draw = {
      salesState: 'OPEN' as const,
      salesOpenAt: '2026-11-01T08:00:00Z',
      saleMode: 'DRAW' as const,
      drawAt: '2026-12-11T23:30:00Z',
    };
    expect(gameAvailabilityText(40, start, now, { ...draw, drawnAt: null })).toBe('Auslosung am 12.12.');
    expect(gameAvailabilityText(3, start, now, { ...draw, drawnAt: '2026-12-11T23:30:05Z' })).toBe('Noch 3 Tickets');
    expect(gameAvailabilityText(40, start, now, { ...draw, saleMode: 'FIRST_COME', drawAt: null })).toBe('Noch 40 Tickets');
  });
});
