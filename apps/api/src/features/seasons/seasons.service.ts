import type { SeasonOption } from '@club/contract';
import type { Ctx } from '../../lib/ctx.ts';
import { toIsoDate } from '../../lib/dates.ts';
import { findSeasons } from './seasons.repository.ts';

/** The seasons, newest first (e.g. to choose one when adding a membership). */
export async function listSeasons(ctx: Ctx): Promise<SeasonOption[]> {
  const rows = await findSeasons(ctx.db);
  return rows.map((s) => ({ id: s.id, name: s.name, validFrom: toIsoDate(s.validFrom), validTo: toIsoDate(s.validTo) }));
}
