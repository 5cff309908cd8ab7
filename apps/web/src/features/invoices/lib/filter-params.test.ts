import { describe, expect, it } from 'vitest';
import { filterOf, paramsOf } from './filter-params';

describe("the overview's filter in the address", () => {
  it('reads every filter and ignores what it does not know', () => {
    expect(filterOf(new URLSearchParams('season=3&kind=PARKING_FEE&status=OPEN&overdue=true&q=Muster&page=2'))).toEqual({
      seasonId: 3,
      kind: 'PARKING_FEE',
      status: 'OPEN',
      overdue: true,
      q: 'Muster',
      page: 2,
    });
    expect(filterOf(new URLSearchParams('season=abc&kind=BEER&status=LOST&overdue=yes&page=-1'))).toEqual({
      seasonId: undefined,
      kind: undefined,
      status: undefined,
      overdue: undefined,
      q: '',
      page: 1,
    });
  });

  it('writes only what differs from the default, and reads back the same', () => {
    expect(paramsOf({ q: '', page: 1 })).toEqual({});
    const filter = { seasonId: 7, kind: 'OTHER' as const, status: 'CANCELLED' as const, overdue: true, q: '2027-00012', page: 3 };
    expect(filterOf(new URLSearchParams(paramsOf(filter)))).toEqual(filter);
  });
});
