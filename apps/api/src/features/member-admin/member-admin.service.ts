import { wantsExpand, type AdminMember, type Expand, type MemberSearchHit, type PageInfo } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { listMemberInvoices } from '../invoices/invoices.service.ts';
import { listMemberAudit, loadMemberProfile, type MemberProfile } from '../members/members.service.ts';
import { countMembers, searchMembers as searchMemberRows } from './member-admin.repository.ts';

export const MEMBER_NOT_FOUND = 'Dieses Mitglied gibt es nicht.';

/** The words of a search: at most six, `#123` counts as the member number 123. */
export function searchWords(q: string): string[] {
  return q
    .split(/\s+/)
    .map((w) => (/^#\d+$/.test(w) ? w.slice(1) : w))
    .filter(Boolean)
    .slice(0, 6);
}

/**
 * Members whose name, username, e-mail or member number match every word of the query,
 * one page at a time, sorted by last name and first name. An empty query lists everyone.
 */
export async function searchMembers(
  ctx: Ctx,
  input: { q: string; page: number; pageSize: number },
): Promise<{ hits: MemberSearchHit[]; page: PageInfo }> {
  const words = searchWords(input.q);
  const page = { words, today: toIsoDate(zurichToday(ctx.now)), limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const [rows, counted] = await Promise.all([searchMemberRows(ctx.db, page), words.length ? null : countMembers(ctx.db, words)]);
  // With words the page carries the total; a page past the end has no row to carry it.
  const total = counted ?? rows[0]?.total ?? (rows.length === 0 && page.offset > 0 ? await countMembers(ctx.db, words) : 0);
  const hits = rows.map((r) => ({
    id: r.id,
    memberNumber: r.memberNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    username: r.username,
    email: r.email,
    city: r.city,
    active: r.active,
  }));
  return { hits, page: { page: input.page, pageSize: input.pageSize, total, totalPages: Math.ceil(total / input.pageSize) } };
}

export function toAdminMember(p: MemberProfile): AdminMember {
  return {
    id: p.id,
    memberNumber: p.memberNumber,
    username: p.username,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    dateOfBirth: p.dateOfBirth,
    address: p.currentAddress,
    landLine: p.landLine,
    mobile: p.mobile,
    roles: p.roles,
    active: p.active,
    hasLogin: p.login?.passwordSet ?? false,
    pendingEmail: p.pendingEmail?.newEmail ?? null,
    createdAt: p.createdAt,
  };
}

/** The member as the board sees it; expands: memberships, phones, addresses, invoices, auditlog. */
export async function getAdminMember(ctx: Ctx, memberId: number, expands: string[]): Promise<{ data: AdminMember; expands?: Expand[] }> {
  const profile = await loadMemberProfile(ctx, memberId);
  if (!profile) throw notFound(MEMBER_NOT_FOUND);
  const groups: [string, () => Promise<unknown[]> | unknown[]][] = [
    ['memberships', () => profile.memberships],
    ['phones', () => profile.phones],
    ['addresses', () => profile.addresses],
    ['invoices', () => listMemberInvoices(ctx, memberId)],
    ['auditlog', () => listMemberAudit(ctx, memberId)],
  ];
  const selected: Expand[] = [];
  for (const [name, load] of groups) if (wantsExpand(expands, name)) selected.push({ name, data: await load() });
  const data = toAdminMember(profile);
  return selected.length ? { data, expands: selected } : { data };
}
