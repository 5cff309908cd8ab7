import { describe, expect, it } from 'vitest';
import { readFrancs } from '@club/contract';
import { moneyToText, multiplyMoney } from './money';

describe('multiplyMoney', () => {
  it('multiplies in whole Rappen, so the total carries no floating-point drift', () => {
    expect(multiplyMoney(0.1, 3)).toBe(0.3);
    expect(multiplyMoney(35.55, 3)).toBe(106.65);
    expect(multiplyMoney(19.99, 7)).toBe(139.93);
    expect(multiplyMoney(1.15, 100)).toBe(115);
  });

  it('gives 0 for nothing chosen or a free price', () => {
    expect(multiplyMoney(35, 0)).toBe(0);
    expect(multiplyMoney(0, 4)).toBe(0);
  });

  it('rounds a price given with more than two decimals to Rappen first', () => {
    expect(multiplyMoney(35.554999, 2)).toBe(71.1);
  });
});

describe('readFrancs, as the money fields read what is typed', () => {
  it.each([
    ['25', 25],
    ['25.-', 25],
    ['25.–', 25],
    ['25,-', 25],
    ['25.00', 25],
    ['25,50', 25.5],
    ['25.5', 25.5],
    ['0', 0],
    [' 35.05 ', 35.05],
    ["1'250.50", 1250.5],
    ['1’250', 1250],
    ['CHF 25.-', 25],
    ['Fr. 12,40', 12.4],
  ])('reads «%s» as %d francs', (text, amount) => {
    expect(readFrancs(text)).toBe(amount);
  });

  it('leaves more than two decimals as typed, for the money rule to refuse', () => {
    expect(readFrancs('25.555')).toBe(25.555);
  });

  it.each(['', '   ', 'abc', '25.-.-', '-5', '25.50.10', '25,', '.50', '25 CHF', '2e3', '0x10'])('refuses «%s» (NaN)', (text) => {
    expect(readFrancs(text)).toBeNaN();
  });
});

describe('moneyToText', () => {
  it('shows whole francs without decimals and Rappen with two', () => {
    expect(moneyToText(25)).toBe('25');
    expect(moneyToText(25.5)).toBe('25.50');
    expect(moneyToText(0.05)).toBe('0.05');
  });
});
