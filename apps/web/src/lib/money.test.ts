import { describe, expect, it } from 'vitest';
import { multiplyMoney } from './money';

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
