import type { DbOrTx } from '../../lib/ctx.ts';

/** The two named demo logins: while either exists, the site says it is a demo. */
export const NAMED_DEMO_LOGINS = ['mitglied', 'vorstand'];

export function countMembers(db: DbOrTx): Promise<number> {
  return db.member.count();
}

/** The season starting on that day, created with the demo fees when missing. */
export function ensureSeason(
  db: DbOrTx,
  season: { name: string; validFrom: Date; validTo: Date },
  fees: { membershipFeeRappen: number; parkingFeeRappen: number },
) {
  return db.season.upsert({ where: { validFrom: season.validFrom }, update: {}, create: { ...season, ...fees } });
}

/** Whether a login account of the named demo logins exists. */
export async function namedDemoLoginExists(db: DbOrTx): Promise<boolean> {
  const row = await db.loginAccount.findFirst({ where: { username: { in: NAMED_DEMO_LOGINS } }, select: { id: true } });
  return row !== null;
}

/** Login accounts with a password among these usernames. */
export function findPasswordLogins(db: DbOrTx, usernames: string[]) {
  return db.loginAccount.findMany({
    where: { username: { in: usernames }, passwordHash: { not: null } },
    select: { username: true, passwordHash: true },
  });
}

export async function deleteLoginAccounts(db: DbOrTx, usernames: string[]): Promise<void> {
  await db.loginAccount.deleteMany({ where: { username: { in: usernames } } });
}
