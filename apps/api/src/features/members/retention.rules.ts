/**
 * The retention periods (nDSG: personal data no longer than needed; docs/domain-rules.md «Retention»): a former
 * member is anonymised RETENTION_YEARS (default 10, the Swiss bookkeeping period) after the end
 * of the last membership, an invoice's debtor copy after the same period from its date, and a
 * rejected application six months after the decision.
 */
export const REJECTED_APPLICATION_MONTHS = 6;

/** The same calendar day `years` earlier (29 February becomes 28 February); dates at UTC midnight. */
export function yearsBefore(day: Date, years: number): Date {
  const y = day.getUTCFullYear() - years;
  const m = day.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day.getUTCDate(), last)));
}

/** The instant `months` earlier, clamped to the month's last day like yearsBefore. */
export function monthsBefore(now: Date, months: number): Date {
  const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const y = Math.floor(total / 12);
  const m = total % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const at = new Date(now);
  at.setUTCFullYear(y, m, Math.min(now.getUTCDate(), last));
  return at;
}

export type ErasureRefusal = 'ALREADY_ANONYMISED' | 'BOARD_MEMBER' | 'MEMBERSHIP_RUNNING' | 'OPEN_INVOICE';

/**
 * Whether the board may anonymise a member now (right to erasure): not twice, not a board member
 * (the role goes first), not while a membership runs (today or later), not with an open invoice
 * (it is settled or cancelled first: reminders could no longer reach anybody).
 */
export function erasureRefusal(
  member: { anonymisedAt: Date | null; board: boolean; lastMembershipEnd: Date | null; openInvoice: boolean },
  today: Date,
): ErasureRefusal | null {
  if (member.anonymisedAt) return 'ALREADY_ANONYMISED';
  if (member.board) return 'BOARD_MEMBER';
  if (member.lastMembershipEnd && member.lastMembershipEnd.getTime() >= today.getTime()) return 'MEMBERSHIP_RUNNING';
  if (member.openInvoice) return 'OPEN_INVOICE';
  return null;
}
