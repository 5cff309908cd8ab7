import type { DbOrTx } from '../../lib/ctx.ts';

/** Every season, newest first. */
export function findSeasons(db: DbOrTx) {
  return db.season.findMany({ orderBy: { validFrom: 'desc' }, select: { id: true, name: true, validFrom: true, validTo: true } });
}
