import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateInputSchema } from '@club/contract';
import type { Database } from '../../db/client.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { seasonDates, seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMember } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/db.ts';
import { acceptCandidate, createPaperCandidate, type CandidateSettings } from './candidates.service.ts';
import { validApplication } from './candidates.test-data.ts';

let database: Database;
let ctx: Ctx;
const settings: CandidateSettings = {
  clubName: 'ZSC Fanclub Limmat',
  publicUrl: 'https://fanclub.example',
  externalLogin: false,
  invoices: {
    clubName: 'ZSC Fanclub Limmat',
    iban: 'CH4431999123000889012',
    address: { street: 'Postfach 1234', houseNumber: '', postalCode: '8050', city: 'Zürich', country: 'CH' },
    contactLine: 'fanclub.example',
  },
};

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.prisma;
  await db.season.create({ data: seasonDates(seasonYearOf(zurichToday(new Date()))) });
  const board = await createMember(db, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  ctx = { db, log: createLogger('silent'), actor: { memberId: board.id, roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] }, now: new Date() };
});
afterAll(async () => {
  await database?.close();
});

const paper = (overrides: Parameters<typeof validApplication>[0] = {}) =>
  createPaperCandidate(ctx, { data: candidateInputSchema.parse(validApplication(overrides)) });

describe('acceptCandidate', () => {
  it('derives lara.meier, then lara.meier2 for the next Lara Meier', async () => {
    const first = await acceptCandidate(ctx, { id: (await paper()).id, settings });
    const second = await acceptCandidate(ctx, { id: (await paper({ firstName: 'Lára', lastName: ' meier ' })).id, settings });
    expect([first.memberUsername, second.memberUsername]).toEqual(['lara.meier', 'lara.meier2']);
  });

  it('puts the full invitation URL of PUBLIC_URL into the welcome mail', async () => {
    const c = await paper({ firstName: 'Noah', lastName: 'Huber' });
    await acceptCandidate(ctx, { id: c.id, settings });
    const mail = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: c.email } });
    expect(mail.text).toMatch(/https:\/\/fanclub\.example\/idp\/invitation\/[A-Za-z0-9_-]{20,}/);
    expect(mail.html).toBeNull();
  });

  it('with an external login provider: no invitation, the mail says to log in with the club login', async () => {
    const c = await paper({ firstName: 'Elena', lastName: 'Graf' });
    const accepted = await acceptCandidate(ctx, { id: c.id, settings: { ...settings, externalLogin: true } });
    expect(await database.prisma.loginInvitation.count({ where: { memberId: accepted.memberId! } })).toBe(0);
    const mail = await database.prisma.mailOutbox.findFirstOrThrow({ where: { to: c.email } });
    expect(mail.subject).toBe('Willkommen beim ZSC Fanclub Limmat');
    expect(mail.text).not.toContain('/idp/invitation/');
    expect(mail.text).toContain('https://fanclub.example mit dem Login des Vereins an');
    expect(mail.text).toContain('mit dieser E-Mail-Adresse');
  });
});
