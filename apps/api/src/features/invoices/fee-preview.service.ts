import type { MembershipFeePreview } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { toMoney } from '@club/contract';
import { findMembersToBill, findSeason } from './invoices.repository.ts';
import { summarizeFeeRun } from './invoices.rules.ts';

/**
 * What the membership fee run of a season would bill now (`GET .../seasons/{id}/membershipfees/`),
 * read with the run's own query (`findMembersToBill`: members without a fee invoice of the season,
 * at their category's fee, free categories left out), counted and summed per category.
 */
export async function previewMembershipFees(ctx: Ctx, seasonId: number): Promise<MembershipFeePreview> {
  const season = await findSeason(ctx.db, seasonId);
  if (!season) throw notFound('Diese Saison gibt es nicht.');
  const summary = summarizeFeeRun(await findMembersToBill(ctx.db, { seasonId: season.id, kind: 'MEMBERSHIP_FEE', memberIds: null }));
  return {
    seasonId: season.id,
    invoices: summary.invoices,
    amount: toMoney(summary.amountRappen),
    categories: summary.categories.map((c) => ({
      categoryId: c.categoryId,
      name: c.name,
      isDefault: c.isDefault,
      fee: toMoney(c.feeRappen),
      invoices: c.invoices,
      amount: toMoney(c.amountRappen),
    })),
  };
}
