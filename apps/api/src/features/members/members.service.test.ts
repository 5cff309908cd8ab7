import { describe, expect, it } from 'vitest';
import { searchWords } from './members.service.ts';

describe('searchWords', () => {
  it('splits on any white space and drops empty words', () => {
    expect(searchWords('  Anna   Meier\t')).toEqual(['Anna', 'Meier']);
    expect(searchWords('')).toEqual([]);
  });
  it('reads #123 as the member number 123', () => {
    expect(searchWords('#123 meier')).toEqual(['123', 'meier']);
    expect(searchWords('#abc')).toEqual(['#abc']);
  });
  it('takes at most six words', () => {
    expect(searchWords('a b c d e f g h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
