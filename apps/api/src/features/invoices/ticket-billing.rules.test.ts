import { describe, expect, it } from 'vitest';
import {
  eventLineText,
  feeLineText,
  gameLineText,
  planTicketInvoices,
  type PlaceItem,
  type ReservationItem,
} from './ticket-billing.rules.ts';

const at = (iso: string) => new Date(iso);
const res = (over: Partial<ReservationItem>): ReservationItem => ({
  reservationId: 1,
  memberId: 7,
  gameId: 10,
  start: at('2027-01-12T18:45:00Z'),
  opponent: 'SCB',
  homeGame: true,
  quantity: 1,
  priceRappen: 4500,
  optionId: 3,
  optionName: 'Abholung im Fanlokal',
  feeRappen: 0,
  ...over,
});
const place = (over: Partial<PlaceItem>): PlaceItem => ({
  subscriptionId: 1,
  memberId: 7,
  eventId: 20,
  start: at('2027-06-14T16:00:00Z'),
  title: 'Saisonabschluss-Grillfest',
  quantity: 2,
  priceRappen: 2500,
  ...over,
});

describe('line texts', () => {
  it('name the game by home or away, opponent and Zurich date, the event by title and date, the fee by option', () => {
    expect(gameLineText({ homeGame: true, opponent: 'SCB', start: at('2027-01-12T18:45:00Z') }, 3, 4500)).toBe(
      'Heimspiel gegen SCB, 12.01.2027: 3 × CHF\u00a045.00',
    );
    // 23:30 UTC on 31 Dec is already 1 January in Zurich
    expect(gameLineText({ homeGame: false, opponent: 'HCD', start: at('2026-12-31T23:30:00Z') }, 1, 3000)).toBe(
      'Auswärtsspiel bei HCD, 01.01.2027: 1 × CHF\u00a030.00',
    );
    expect(eventLineText({ title: 'Saisonabschluss-Grillfest', start: at('2027-06-14T16:00:00Z') }, 2, 2500)).toBe(
      'Saisonabschluss-Grillfest, 14.06.2027: 2 × CHF\u00a025.00',
    );
    expect(feeLineText('Versand per Post', 1, 200)).toBe('Versand per Post: CHF\u00a02.00');
    expect(feeLineText('Versand per Post', 3, 200)).toBe('Versand per Post: 3 × CHF\u00a02.00');
    expect(gameLineText({ homeGame: true, opponent: 'ZSC', start: at('2027-01-12T18:45:00Z') }, 1, 123456)).toContain("CHF\u00a01'234.56");
  });
});

describe('planTicketInvoices', () => {
  it('makes one invoice per member in the given order: games by start (a line per game and price), events, then the delivery fees', () => {
    const plans = planTicketInvoices(
      [
        res({
          reservationId: 1,
          gameId: 11,
          start: at('2027-02-01T18:00:00Z'),
          quantity: 2,
          optionId: 5,
          optionName: 'Versand per Post',
          feeRappen: 200,
        }),
        res({ reservationId: 2, gameId: 10, quantity: 1 }),
        res({
          reservationId: 3,
          gameId: 11,
          start: at('2027-02-01T18:00:00Z'),
          quantity: 1,
          optionId: 5,
          optionName: 'Versand per Post',
          feeRappen: 200,
        }),
        res({ reservationId: 4, memberId: 8, gameId: 10, quantity: 4 }),
      ],
      [place({ subscriptionId: 9 })],
      [8, 7, 99],
    );
    expect(plans.map((p) => p.memberId)).toEqual([8, 7]);
    const seven = plans[1]!;
    expect(seven.lines.map((l) => [l.text, l.amountRappen])).toEqual([
      ['Heimspiel gegen SCB, 12.01.2027: 1 × CHF\u00a045.00', 4500],
      ['Heimspiel gegen SCB, 01.02.2027: 3 × CHF\u00a045.00', 13500],
      ['Saisonabschluss-Grillfest, 14.06.2027: 2 × CHF\u00a025.00', 5000],
      ['Versand per Post: 2 × CHF\u00a02.00', 400],
    ]);
    expect(seven.totalRappen).toBe(23400);
    expect(seven.lines[1]!.sources).toEqual([
      { reservationId: 1, subscriptionId: null, quantity: 2, priceRappen: 4500, feeRappen: 200 },
      { reservationId: 3, subscriptionId: null, quantity: 1, priceRappen: 4500, feeRappen: 200 },
    ]);
    expect(seven.lines[3]!.sources).toEqual([]);
    expect(plans[0]!.totalRappen).toBe(18000);
  });

  it('keeps a game with two prices on two lines, and every reservation and place on exactly one line', () => {
    const [plan] = planTicketInvoices([res({ reservationId: 1 }), res({ reservationId: 2, priceRappen: 3000 })], [place({})], [7]);
    expect(plan!.lines).toHaveLength(3);
    const sources = plan!.lines.flatMap((l) => l.sources);
    expect(sources.map((s) => s.reservationId ?? `s${s.subscriptionId}`)).toEqual([1, 2, 's1']);
  });
});
