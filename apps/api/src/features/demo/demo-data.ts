import type { Config } from '../../config.ts';
import { inTransaction } from '../../db/tx.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { seasonDates, seasonYearOf, zurichToday, fromIsoDate } from '../../lib/dates.ts';
import { hashPassword, verifyPassword } from '../idp/index.ts';
import { createMember } from '../members/members.service.ts';
import { loadDemoCandidates } from '../candidates/candidates.demo.ts';
import { loadDemoContactRecipients } from '../contact/contact.demo.ts';
import { loadDemoNewsletters } from '../newsletters/newsletters.demo.ts';
import { loadDemoDocuments } from '../documents/documents.demo.ts';
import { loadTicketDemoData } from '../tickets/tickets.demo.ts';
import { loadEventDemoData } from '../events/events.demo.ts';
import { loadInvoiceDemoData } from '../invoices/invoices.demo.ts';
import type { InvoiceSettings } from '../invoices/invoices.service.ts';
import { countMembers, deleteLoginAccounts, ensureSeason, findPasswordLogins, namedDemoLoginExists } from './demo.repository.ts';

/**
 * Demo data for a fictional club: only into a new database, never on an https site.
 * DEMO_DATA=true forces it (new database only), false prevents it; unset: only for the
 * embedded database.
 */
export async function shouldLoadDemoData(db: DbOrTx, config: Config): Promise<boolean> {
  if (config.production) return false;
  const wanted = config.demoData ?? !config.databaseUrl;
  if (!wanted) return false;
  return (await countMembers(db)) === 0;
}

const FIRST = [
  'Lara',
  'Nico',
  'Mia',
  'Luca',
  'Elena',
  'Jonas',
  'Sara',
  'Noah',
  'Lea',
  'Fabian',
  'Nina',
  'Marco',
  'Anna',
  'David',
  'Julia',
  'Reto',
  'Sandra',
  'Urs',
  'Petra',
  'Beat',
];
const LAST = [
  'Meier',
  'Brunner',
  'Keller',
  'Huber',
  'Baumann',
  'Frei',
  'Gerber',
  'Steiner',
  'Widmer',
  'Schmid',
  'Bachmann',
  'Graf',
  'Moser',
  'Zbinden',
  'Kälin',
  'Wyss',
  'Hofer',
  'Suter',
  'Fischer',
  'Lüthi',
];
const STREETS = [
  'Hardturmstrasse',
  'Langstrasse',
  'Badenerstrasse',
  'Limmatquai',
  'Seefeldstrasse',
  'Winterthurerstrasse',
  'Hohlstrasse',
  'Birmensdorferstrasse',
  'Schaffhauserstrasse',
  'Forchstrasse',
];
const PLACES: [string, string][] = [
  ['8005', 'Zürich'],
  ['8004', 'Zürich'],
  ['8050', 'Zürich'],
  ['8048', 'Zürich'],
  ['8600', 'Dübendorf'],
  ['8304', 'Wallisellen'],
  ['8952', 'Schlieren'],
  ['8400', 'Winterthur'],
  ['8810', 'Horgen'],
  ['8902', 'Urdorf'],
];

interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  board: boolean;
}

/** Two named demo logins, then members with plain first.last usernames. */
export function demoPeople(count = 40): DemoPerson[] {
  const people: DemoPerson[] = [
    { username: 'mitglied', firstName: 'Martina', lastName: 'Muster', board: false },
    { username: 'vorstand', firstName: 'Viktor', lastName: 'Vogel', board: true },
  ];
  // FIRST × LAST gives 400 distinct names; the offset per round avoids repeating pairs.
  for (let i = 0; people.length < count && i < FIRST.length * LAST.length; i++) {
    const firstName = FIRST[i % FIRST.length] as string;
    const lastName = LAST[(i * 7 + 3 + Math.floor(i / FIRST.length)) % LAST.length] as string;
    const username = `${firstName}.${lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    if (people.some((p) => p.username === username)) continue;
    people.push({ username, firstName, lastName, board: i < 4 });
  }
  return people;
}

export async function loadDemoData(db: DbOrTx, now: Date, invoiceSettings?: InvoiceSettings): Promise<{ members: number }> {
  const currentYear = seasonYearOf(zurichToday(now));
  const seasons: { id: number; validFrom: Date; validTo: Date }[] = [];
  for (const year of [currentYear - 1, currentYear]) {
    const s = seasonDates(year);
    seasons.push(await ensureSeason(db, s, { membershipFeeRappen: 5000, parkingFeeRappen: 12000 }));
  }
  const people = demoPeople();
  const hashes = await Promise.all(people.map((p) => hashPassword(p.username)));
  await inTransaction(
    db,
    async (tx) => {
      for (const [i, p] of people.entries()) {
        const [postalCode, city] = PLACES[i % PLACES.length] as [string, string];
        const joinedLastSeason = i % 5 !== 4;
        const moved = i % 6 === 1;
        await createMember(
          { db: tx },
          {
            username: p.username,
            firstName: p.firstName,
            lastName: p.lastName,
            email: `${p.username}@fanclub-limmat.example`,
            dateOfBirth: fromIsoDate(
              `${1960 + ((i * 3) % 45)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
            ),
            roles: p.board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'],
            addresses: [
              ...(moved
                ? [
                    {
                      street: 'Josefstrasse',
                      houseNumber: String(10 + i),
                      postalCode: '8005',
                      city: 'Zürich',
                      validFrom: fromIsoDate('2018-03-01'),
                      validTo: fromIsoDate('2023-08-31'),
                      current: false,
                    },
                  ]
                : []),
              {
                street: STREETS[i % STREETS.length] as string,
                houseNumber: String(((i * 13) % 120) + 1),
                postalCode,
                city,
                validFrom: fromIsoDate(moved ? '2023-09-01' : '2015-01-01'),
                current: true,
              },
            ],
            phones: [
              {
                type: 'MOBILE' as const,
                number: `+41 79 ${String(200 + i).padStart(3, '0')} ${String(10 + i).padStart(2, '0')} ${String(30 + i).padStart(2, '0')}`,
              },
              ...(i % 3 === 0
                ? [{ type: 'LANDLINE' as const, number: `+41 44 ${String(300 + i)} 12 ${String(40 + i).padStart(2, '0')}` }]
                : []),
            ],
            memberships: seasons
              .filter((_s, k) => (k === 1 ? i % 10 !== 9 : joinedLastSeason))
              .map((s) => ({ seasonId: s.id, validFrom: s.validFrom, validTo: s.validTo, parkingPermit: i % 4 === 0 })),
            login: { username: p.username, passwordHash: hashes[i] ?? null },
          },
        );
      }
    },
    { timeout: 60_000 },
  );
  await loadDemoCandidates(db, now);
  await loadTicketDemoData(db, now);
  await loadDemoContactRecipients(db);
  await loadDemoNewsletters(db, now);
  await loadDemoDocuments(db, now);
  await loadEventDemoData(db, now);
  await loadInvoiceDemoData(db, now, invoiceSettings);
  return { members: people.length };
}

/**
 * Demo logins that still open the site: accounts of the demo people whose password is still
 * their username. A real member who happens to share a demo name but has her own password
 * is not one. Only the few matching accounts are checked (one hash each).
 */
export async function activeDemoLogins(db: DbOrTx): Promise<string[]> {
  const names = demoPeople().map((p) => p.username);
  const accounts = await findPasswordLogins(db, names);
  const open = await Promise.all(accounts.map(async (a) => ((await verifyPassword(a.passwordHash!, a.username)) ? a.username : null)));
  return open.filter((u): u is string => u !== null).sort((a, b) => names.indexOf(a) - names.indexOf(b));
}

/** Deletes the login accounts of the demo logins that still open the site; returns their usernames. */
export async function removeDemoLogins(db: DbOrTx): Promise<string[]> {
  const open = await activeDemoLogins(db);
  if (open.length) await deleteLoginAccounts(db, open);
  return open;
}

/** Whether the site runs with demo logins (`mitglied`, `vorstand`): the start message and the demo marker say so. */
export function demoLoginsExist(db: DbOrTx): Promise<boolean> {
  return namedDemoLoginExists(db);
}
