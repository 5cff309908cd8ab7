import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db.ts';
import type { Database } from './client.ts';
import { inTransaction } from './tx.ts';

describe('inTransaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('joins an open transaction instead of opening a nested one (PGlite has no savepoints)', async () => {
    const joined = await inTransaction(database.prisma, (tx) => inTransaction(tx, async (inner) => inner === tx));
    expect(joined).toBe(true);
  });

  it('rolls back what the joined part wrote when the outer transaction fails', async () => {
    const tag = `tx-${Date.now()}`;
    await expect(
      inTransaction(database.prisma, async (tx) => {
        await inTransaction(tx, (inner) => inner.$executeRawUnsafe(`CREATE TABLE "${tag}" (id int)`));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await database.prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM pg_tables WHERE tablename = '${tag}'`);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
