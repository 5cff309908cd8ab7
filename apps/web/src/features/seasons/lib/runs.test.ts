import type { Season } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { chosenSeason, feeRunBlocker, previousSeason } from './runs';

const state = (eligible: number, issued: number, toBill: number) => ({ eligible, issued, paid: 0, toBill });
const season = (id: number, year: number, current = false) =>
  ({ id, name: `${year}/${String(year + 1).slice(2)}`, validFrom: `${year}-05-01`, current }) as Season;

describe('chosenSeason', () => {
  const list = [season(3, 2027), season(2, 2026, true), season(1, 2025)];

  it('takes the season named in the address', () => {
    expect(chosenSeason(list, '3')?.id).toBe(3);
    expect(chosenSeason(list, '1')?.id).toBe(1);
  });

  it('when the address names none, an unknown one or garbage, then the current season, else the newest', () => {
    for (const param of [null, '', '99', 'abc', '2.5', '-1']) expect(chosenSeason(list, param)?.id).toBe(2);
    expect(chosenSeason([season(3, 2027), season(1, 2025)], null)?.id).toBe(3);
    expect(chosenSeason([], '1')).toBeUndefined();
  });

  it('finds the season before', () => {
    expect(previousSeason(list, list[0]!)?.id).toBe(2);
    expect(previousSeason(list, list[2]!)).toBeUndefined();
  });
});

describe('feeRunBlocker', () => {
  it('when a new season has no memberships, then it says so instead of «all billed»', () => {
    expect(feeRunBlocker('membership', state(0, 0, 0))).toMatch(/^Diese Saison hat noch keine Mitgliedschaften/);
    expect(feeRunBlocker('parking', state(0, 0, 0), 30)).toBe('Diese Saison hat noch keine Mitgliedschaften mit Parkkarte.');
  });

  it('says everyone is billed only when invoices were issued', () => {
    expect(feeRunBlocker('membership', state(5, 5, 0))).toBe('Alle Mitglieder sind verrechnet.');
    expect(feeRunBlocker('membership', state(5, 0, 0))).toBe('Alle Mitglieder sind in Kategorien ohne Beitrag: nichts zu verrechnen.');
    expect(feeRunBlocker('parking', state(2, 2, 0), 30)).toBe('Alle Parkkarten sind verrechnet.');
  });

  it('lets the run start when someone is to bill; no parking fee blocks the parking run', () => {
    expect(feeRunBlocker('membership', state(5, 2, 3))).toBeNull();
    expect(feeRunBlocker('parking', state(2, 0, 2), 30)).toBeNull();
    expect(feeRunBlocker('parking', state(2, 0, 2), 0)).toBe('Kein Preis für die Parkkarte festgelegt.');
  });
});
