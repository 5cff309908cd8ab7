import { describe, expect, it } from 'vitest';
import { currentSeason, reportFileName, reports } from './reports';

const seasons = [
  { id: 3, name: '2027/28', validFrom: '2027-05-01', validTo: '2028-04-30' },
  { id: 2, name: '2026/27', validFrom: '2026-05-01', validTo: '2027-04-30' },
];

describe('reports', () => {
  it('preselects the season covering today, else the newest', () => {
    expect(currentSeason(seasons, '2027-04-30')?.id).toBe(2);
    expect(currentSeason(seasons, '2027-05-01')?.id).toBe(3);
    expect(currentSeason(seasons, '2030-01-01')?.id).toBe(3);
    expect(currentSeason([], '2027-05-01')).toBeUndefined();
  });

  it('names files as the server does', () => {
    expect(reportFileName(reports[0]!, seasons[0]!, 'xlsx')).toBe('Mitglieder-2027-28.xlsx');
    expect(reportFileName(reports[2]!, seasons[1]!, 'pdf')).toBe('Parkkarten-2026-27.pdf');
  });
});
