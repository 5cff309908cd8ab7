import type { CandidateDuplicate, CandidateStatus } from '@club/contract';
import { AppError } from '../../lib/app-error.ts';

export type CandidateDecision = 'ACCEPT' | 'REJECT';

/**
 * The one transition of a candidate's status: PENDING → ACCEPTED | REJECTED.
 * Both results are final; anything else is refused with 409 ALREADY_DECIDED.
 */
export function nextCandidateStatus(current: CandidateStatus, decision: CandidateDecision): CandidateStatus {
  if (current !== 'PENDING') {
    const was = current === 'ACCEPTED' ? 'aufgenommen' : 'abgelehnt';
    throw new AppError('ALREADY_DECIDED', `Über diesen Antrag wurde bereits entschieden: er wurde ${was}.`);
  }
  return decision === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
}

/** Only open applications may be edited. */
export function assertEditable(current: CandidateStatus): void {
  if (current !== 'PENDING') {
    throw new AppError('ALREADY_DECIDED', 'Über diesen Antrag wurde bereits entschieden; er kann nicht mehr geändert werden.');
  }
}

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };
const MAX_PART = 30;

function asciiPart(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[äöüßæœøłđþ]/g, (c) => GERMAN[c] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s'’_-]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_PART)
    .replace(/-$/, '');
}

/** `Lara Meier` → `lara.meier`; `Zoë Müller-Kälin` → `zoe.mueller-kaelin`; lower-case ASCII only. */
export function usernameBase(firstName: string, lastName: string): string {
  const parts = [asciiPart(firstName), asciiPart(lastName)].filter(Boolean);
  return parts.length ? parts.join('.') : 'mitglied';
}

/** The base itself, or the base with the smallest number from 2 that is not taken (`lara.meier2`). */
export function pickUsername(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((u) => u.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Members and open applications with the same e-mail address (already filtered, case-insensitive). */
export interface DuplicateMatches {
  members: { id: number; firstName: string; lastName: string }[];
  candidates: { id: number; firstName: string; lastName: string }[];
}

/** A member wins over another application; the oldest one wins within a kind. */
export function duplicateHint(matches: DuplicateMatches): CandidateDuplicate | null {
  const member = [...matches.members].sort((a, b) => a.id - b.id)[0];
  if (member) return { kind: 'MEMBER', id: member.id, name: `${member.firstName} ${member.lastName}` };
  const candidate = [...matches.candidates].sort((a, b) => a.id - b.id)[0];
  if (candidate) return { kind: 'CANDIDATE', id: candidate.id, name: `${candidate.firstName} ${candidate.lastName}` };
  return null;
}
