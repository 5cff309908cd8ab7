import { gameGroupInputSchema, gameInputSchema } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { gameFormSchema, gameGroupFormSchema, OTHER_OPPONENT, opponentDefaults } from './game-form';

describe('the game form', () => {
  const inputs = {
    start: '2027-01-12T19:45',
    opponentChoice: 'SCB',
    opponentOther: '',
    homeGame: 'home',
    venue: 'Swiss Life Arena, Zürich',
    salesOpenAt: '',
    salesCloseAt: '2027-01-12T18:00',
    saleMode: 'FIRST_COME',
    drawAt: '',
  } as const;

  it('turns Zurich wall-clock inputs and the radio into the body the contract accepts', () => {
    const body = gameFormSchema.parse(inputs);
    expect(body).toEqual({
      start: '2027-01-12T18:45:00.000Z',
      opponent: 'SCB',
      homeGame: true,
      venue: 'Swiss Life Arena, Zürich',
      salesOpenAt: null,
      salesCloseAt: '2027-01-12T17:00:00.000Z',
      saleMode: 'FIRST_COME',
      drawAt: null,
    });
    expect(gameInputSchema.parse(body)).toEqual(body);
  });

  it('gives a draw its time, and asks for one that lies before the game', () => {
    const body = gameFormSchema.parse({ ...inputs, saleMode: 'DRAW', drawAt: '2027-01-10T12:00' });
    expect(body).toMatchObject({ saleMode: 'DRAW', drawAt: '2027-01-10T11:00:00.000Z' });
    expect(gameInputSchema.parse(body)).toEqual(body);
    const missing = gameFormSchema.safeParse({ ...inputs, saleMode: 'DRAW' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['drawAt'], message: 'Auslosung: Bitte den Zeitpunkt der Auslosung angeben.' });
    const late = gameFormSchema.safeParse({ ...inputs, saleMode: 'DRAW', drawAt: '2027-01-13T12:00' });
    expect(late.error?.issues[0]).toMatchObject({ path: ['drawAt'], message: 'Auslosung: Muss vor dem Spielbeginn liegen.' });
  });

  it('takes «Anderer Gegner» with its typed code through the contract’s rule, the message beside the text field', () => {
    const other = gameFormSchema.parse({ ...inputs, opponentChoice: OTHER_OPPONENT, opponentOther: ' ehco ' });
    expect(other.opponent).toBe('EHCO');
    expect(gameInputSchema.parse(other)).toEqual(other);
    const empty = gameFormSchema.safeParse({ ...inputs, opponentChoice: OTHER_OPPONENT, opponentOther: '' });
    expect(empty.error?.issues[0]).toMatchObject({
      path: ['opponentOther'],
      message: 'Gegner: Bitte einen Teamcode aus 2 bis 8 Buchstaben angeben (z. B. SCB).',
    });
    const none = gameFormSchema.safeParse({ ...inputs, opponentChoice: '' });
    expect(none.error?.issues[0]).toMatchObject({ path: ['opponentChoice'], message: 'Gegner: Bitte ein Team wählen.' });
  });

  it('opens a saved game with its team chosen, or «Anderer Gegner» with its code', () => {
    const teams = ['SCB', 'HCD'];
    expect(opponentDefaults(undefined, teams)).toEqual({ opponentChoice: '', opponentOther: '' });
    expect(opponentDefaults('HCD', teams)).toEqual({ opponentChoice: 'HCD', opponentOther: '' });
    expect(opponentDefaults('EHCO', teams)).toEqual({ opponentChoice: OTHER_OPPONENT, opponentOther: 'EHCO' });
  });

  it('refuses with the contract’s messages: our own team, sales closing after the start', () => {
    const own = gameFormSchema.safeParse({ ...inputs, opponentChoice: OTHER_OPPONENT, opponentOther: 'zsc' });
    expect(own.error?.issues[0]).toMatchObject({
      path: ['opponentOther'],
      message: 'Gegner: Der ZSC kann nicht gegen sich selbst spielen.',
    });
    const late = gameFormSchema.safeParse({ ...inputs, salesCloseAt: '2027-01-12T20:00' });
    expect(late.error?.issues[0]).toMatchObject({ path: ['salesCloseAt'], message: 'Verkaufsende: Spätestens bei Spielbeginn.' });
  });
});

describe('the game group form', () => {
  it('gives the contract’s group once the price becomes money', () => {
    const values = gameGroupFormSchema.parse({
      name: 'Playoffs',
      price: '35.50',
      availableTicketsPerGame: 30,
      freeTicketAmount: 4,
      deliveryOptionIds: ['3', '7'],
    });
    expect(values.price).toBe(35.5);
    expect(values.deliveryOptionIds).toEqual([3, 7]);
    const { price, deliveryOptionIds: _ids, ...rest } = values;
    expect(gameGroupInputSchema.safeParse({ ...rest, defaultPricePerTicket: { currency: 'CHF', amount: price } }).success).toBe(true);
  });

  it('refuses a quota that is no whole number with the contract’s message', () => {
    const result = gameGroupFormSchema.safeParse({
      name: 'Playoffs',
      price: '35.-',
      availableTicketsPerGame: 1.5,
      freeTicketAmount: 4,
      deliveryOptionIds: [],
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['availableTicketsPerGame'],
      message: 'Tickets pro Spiel: Bitte eine ganze Zahl angeben.',
    });
  });
});
