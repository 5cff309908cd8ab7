import { describe, expect, it } from 'vitest';
import { formatAmount, formatChf, formatMoney, francsToRappen, parseChf, rappenToFrancs, readFrancs, toMoney, toRappen } from './money.ts';

const NBSP = '\u00a0';

describe('formatChf', () => {
  it.each([
    [0, 'CHF 0.00'],
    [5, 'CHF 0.05'],
    [100, 'CHF 1.00'],
    [100050, "CHF 1'000.50"],
    [123450, "CHF 1'234.50"],
    [-1250, 'CHF -12.50'],
    [-123450, "CHF -1'234.50"],
    [100_000_000, "CHF 1'000'000.00"],
    [9_007_199_254_740_991, "CHF 90'071'992'547'409.91"],
  ])('writes %d Rappen as «%s» (no-break space after the code)', (rappen, text) => {
    expect(formatChf(rappen)).toBe(text.replace(' ', NBSP));
  });

  it('writes the apostrophe as U+0027 and nothing else than digits, the point and the minus', () => {
    expect(formatChf(-987654321)).toMatch(/^CHF\u00a0-[\d'.]+$/);
    expect(formatAmount(987654321)).toBe("9'876'543.21");
  });

  it('has no minus for nothing', () => {
    expect(formatChf(-0)).toBe(`CHF${NBSP}0.00`);
    expect(formatAmount(-0.4)).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it('writes money from the wire and francs', () => {
    expect(formatMoney({ currency: 'CHF', amount: 35.5 })).toBe(`CHF${NBSP}35.50`);
    expect(formatMoney(1250)).toBe(`CHF${NBSP}1'250.00`);
    expect(formatMoney(0.1 + 0.2)).toBe(`CHF${NBSP}0.30`);
  });

  it('gives an empty text for nothing', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('Rappen and francs', () => {
  it('turn into each other without floating-point drift', () => {
    expect(francsToRappen(35.55)).toBe(3555);
    expect(francsToRappen(0.1 + 0.2)).toBe(30);
    expect(rappenToFrancs(3555)).toBe(35.55);
    expect(toMoney(100050)).toEqual({ currency: 'CHF', amount: 1000.5 });
    expect(toRappen({ currency: 'CHF', amount: 19.99 })).toBe(1999);
    expect(Object.is(francsToRappen(-0.001), 0)).toBe(true);
  });
});

describe('parseChf', () => {
  it.each([
    ['12.50', 1250],
    ['12,50', 1250],
    ["1'234.50", 123450],
    ['1’234.50', 123450],
    ['1 234.50', 123450],
    ['CHF 12.-', 1200],
    ['chf 12.–', 1200],
    ['Fr. 12,40', 1240],
    ['12', 1200],
    ['12.5', 1250],
    [' 0.05 ', 5],
    ['0', 0],
  ])('reads «%s» as %d Rappen', (text, rappen) => {
    expect(parseChf(text)).toBe(rappen);
  });

  it.each(['', '  ', 'abc', '-5', '12.50.10', '12,', '.50', '12 CHF', '2e3', '0x10', '12.555', 'CHF', '1_000', '99999999999999999999'])(
    'refuses «%s»',
    (text) => {
      expect(parseChf(text)).toBeNull();
    },
  );

  it('reads what formatChf writes', () => {
    for (const rappen of [0, 5, 100050, 123_456_789]) expect(parseChf(formatChf(rappen))).toBe(rappen);
  });
});

describe('readFrancs', () => {
  it('leaves more than two decimals as typed and gives NaN for no amount', () => {
    expect(readFrancs('25.555')).toBe(25.555);
    expect(readFrancs('25.-')).toBe(25);
    expect(readFrancs('zwanzig')).toBeNaN();
  });
});
