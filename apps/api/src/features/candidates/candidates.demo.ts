import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays, fromIsoDate, zurichToday } from '../../lib/dates.ts';
import { insertCandidate, markCandidateDecided, type CandidateFields } from './candidates.repository.ts';

const DEMO: (Partial<CandidateFields> &
  Pick<CandidateFields, 'firstName' | 'lastName' | 'email'> & { daysAgo: number; source?: 'ONLINE' | 'PAPER' })[] = [
  {
    firstName: 'Livia',
    lastName: 'Ammann',
    email: 'livia.ammann@example.ch',
    daysAgo: 12,
    remarks: 'Ich komme mit meinem Bruder an jedes Heimspiel.',
  },
  { firstName: 'Timo', lastName: 'Zürcher', email: 'timo.zuercher@example.ch', daysAgo: 5, source: 'PAPER', mobile: '+41 78 610 22 33' },
  // The same e-mail address as the demo member 'mitglied': the board sees the hint.
  { firstName: 'Martina', lastName: 'Muster', email: 'Mitglied@fanclub-limmat.example', daysAgo: 2 },
  { firstName: 'Jan', lastName: 'Oberholzer', email: 'jan.oberholzer@example.ch', daysAgo: 1, landLine: '044 301 77 88' },
  { firstName: 'Kevin', lastName: 'Spam', email: 'kevin@example.com', daysAgo: 20, remarks: 'Billige Uhren!' },
];

/** Demo applications: four open ones (one a duplicate of a member) and one rejected. */
export async function loadDemoCandidates(db: DbOrTx, now: Date): Promise<number> {
  const today = zurichToday(now);
  for (const [i, d] of DEMO.entries()) {
    const { daysAgo, source, ...fields } = d;
    const row = await insertCandidate(db, {
      dateOfBirth: fromIsoDate(`${1975 + i * 6}-0${(i % 9) + 1}-1${i}`),
      street: ['Seebahnstrasse', 'Röntgenstrasse', 'Kalkbreitestrasse', 'Zollstrasse', 'Dorfstrasse'][i] ?? 'Dorfstrasse',
      houseNumber: String(4 + i * 7),
      addressLine2: '',
      postalCode: ['8003', '8005', '8004', '8005', '8610'][i] ?? '8000',
      city: i === 4 ? 'Uster' : 'Zürich',
      country: 'CH',
      mobile: '',
      landLine: '',
      remarks: '',
      ...fields,
      applicationDate: addDays(today, -daysAgo),
      source: source ?? 'ONLINE',
      createdAt: addDays(now, -daysAgo),
    });
    if (d.lastName === 'Spam')
      await markCandidateDecided(db, row.id, { status: 'REJECTED', decidedAt: addDays(now, -19), decidedById: null });
  }
  return DEMO.length;
}
