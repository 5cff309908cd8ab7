import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { openTestDatabase } from '../../test/db.ts';
import { loadDemoData } from '../demo/demo-data.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadDemoData(database.prisma, new Date());
});
afterAll(async () => {
  await database?.close();
});

describe('invoice demo data', () => {
  it('bills both seasons: most paid, some open, a few overdue; mitglied has an open and a paid one', async () => {
    const db = database.prisma;
    const seasons = await db.season.findMany({ orderBy: { validFrom: 'asc' } });
    const today = toIsoDate(zurichToday(new Date()));
    for (const season of seasons) {
      const fees = await db.invoice.findMany({ where: { seasonId: season.id, kind: 'MEMBERSHIP_FEE' } });
      expect(fees.length).toBe(await db.membership.count({ where: { seasonId: season.id } }));
      expect(fees.filter((f) => f.status === 'PAID').length).toBeGreaterThan(fees.length / 2);
    }
    const overdue = await db.invoice.count({ where: { status: 'OPEN', dueDate: { lt: new Date(`${today}T00:00:00Z`) } } });
    expect(overdue).toBeGreaterThan(0);
    const mitglied = await db.member.findUniqueOrThrow({ where: { username: 'mitglied' } });
    const own = await db.invoice.findMany({ where: { memberId: mitglied.id } });
    expect(own.some((i) => i.status === 'OPEN')).toBe(true);
    expect(own.some((i) => i.status === 'PAID')).toBe(true);
    // Numbers are gapless per year.
    const all = await db.invoice.findMany({ select: { number: true } });
    const byYear = new Map<string, number[]>();
    for (const { number } of all) byYear.set(number.slice(0, 4), [...(byYear.get(number.slice(0, 4)) ?? []), Number(number.slice(5))]);
    for (const numbers of byYear.values()) expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, k) => k + 1));
  });
});
