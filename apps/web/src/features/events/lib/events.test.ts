import { describe, expect, it } from 'vitest';
import { multiplyMoney } from '@/lib/money';
import { eventWhen, placesLeftLabel, placesText, priceText, withPlaces } from './events';

describe('event texts', () => {
  it('counts places in German', () => {
    expect(placesText(1)).toBe('1 Platz');
    expect(placesText(3)).toBe('3 Plätze');
    expect(withPlaces(1)).toBe('mit 1 Platz');
    expect(withPlaces(2)).toBe('mit 2 Plätzen');
  });

  it('says how many places are left, and that the waiting list is open when full', () => {
    expect(placesLeftLabel({ placesLeft: null, waitingCount: 0 })).toEqual({ text: 'Freie Plätze', tone: 'success' });
    expect(placesLeftLabel({ placesLeft: 12, waitingCount: 0 })).toEqual({ text: 'Noch 12 Plätze frei', tone: 'success' });
    expect(placesLeftLabel({ placesLeft: 1, waitingCount: 0 })).toEqual({ text: 'Noch 1 Platz frei', tone: 'warning' });
    expect(placesLeftLabel({ placesLeft: 0, waitingCount: 0 }).text).toBe('Ausgebucht');
    expect(placesLeftLabel({ placesLeft: 0, waitingCount: 2 }).text).toBe('Ausgebucht – Warteliste');
  });

  it('shows times in Zurich, one day or several', () => {
    expect(eventWhen({ start: '2026-12-05T17:30:00Z', end: '2026-12-05T22:00:00Z' })).toBe('Samstag, 05.12.2026, 18:30–23:00 Uhr');
    expect(eventWhen({ start: '2026-07-04T12:00:00Z', end: '2026-07-05T08:00:00Z' })).toBe(
      'Samstag, 04.07.2026, 14:00 Uhr bis 05.07.2026, 10:00 Uhr',
    );
  });

  it('prices a place and a total without rounding drift', () => {
    expect(priceText({ currency: 'CHF', amount: 0 })).toBe('Gratis');
    expect(priceText({ currency: 'CHF', amount: 35 })).toMatch(/^CHF\s35\.00 pro Platz$/);
    expect(multiplyMoney(0.1, 3)).toBe(0.3);
  });
});
