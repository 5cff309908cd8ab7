import { createHash } from 'node:crypto';
import { nextInvoiceState, type InvoiceState } from '../invoices/index.ts';
import { formatChf } from '@club/contract';
import type { CamtLine } from './camt.parser.ts';

/**
 * Pure rules of the treasurer's money: which bank line is which (one identity per bank
 * transaction, whatever version or notification brings it), booking a payment on an invoice
 * (shared by the bank import, the one-click booking and payments by hand), and the suggestions
 * for credits without a usable reference.
 */

export type { InvoiceState } from '../invoices/index.ts';

// ---------------------------------------------------------------------------------------
// Identity of bank lines
// ---------------------------------------------------------------------------------------

/**
 * What kind of booking a line is: direction, reversal and (unless booked) status. A key is only
 * ever compared with keys of the same kind, so the reversal of a payment (which carries the
 * payment's UETR) or the pending notice of a credit never stands for the booked credit itself.
 */
export function lineKind(line: Pick<CamtLine, 'direction' | 'reversal' | 'status'>): string {
  return `${line.direction}${line.reversal ? '-RVSL' : ''}${line.status === 'BOOK' ? '' : `-${line.status || 'NOSTS'}`}`;
}

/**
 * The bank's own identifiers of a line, each one alone enough to recognise it again: the UETR,
 * the bank's reference of the transaction (with the entry's, as earlier imports stored it), else
 * the bank's reference of the entry with the line's place in it. The payer's identifiers
 * (EndToEndId, InstrId) are chosen by the payer's software and repeat across payments: they never
 * identify a line on their own. A line without any bank identifier gets a hash of what it says
 * (with the payer's identifiers, where it has them), numbered within its file, so two equal
 * payments in one file stay two and the same file read again gives the same keys. The formats are
 * those earlier imports stored.
 */
export function identityKeys(line: CamtLine, hashIndex: number): string[] {
  const kind = lineKind(line);
  const { uetr, entryRef, txRef } = line.ids;
  const keys: string[] = [];
  if (uetr) keys.push(`camt:uetr:${uetr}:${kind}`);
  if (txRef) {
    if (entryRef) keys.push(`camt:ref:${entryRef}|${txRef}:${kind}`);
    keys.push(`camt:txref:${txRef}:${kind}`);
  } else if (entryRef) {
    keys.push(line.txCount === 1 ? `camt:entry:${entryRef}:${kind}` : `camt:entry:${entryRef}#${line.txIndex + 1}:${kind}`);
  }
  if (keys.length === 0) keys.push(`camt:hash:${contentHash(line)}#${hashIndex}`);
  return keys;
}

/**
 * The keys earlier imports stored for a line without bank identifiers that carried the payer's
 * identifiers. They are only looked up, never stored again, and recognise at most one line of a
 * file, of the same amount and date (see identifyFile).
 */
export function legacyKeys(line: CamtLine): string[] {
  const { uetr, entryRef, txRef, endToEndId, instrId } = line.ids;
  if (uetr || entryRef || txRef) return [];
  const kind = lineKind(line);
  const keys: string[] = [];
  if (endToEndId) keys.push(`camt:e2e:${line.debtorAccount}/${endToEndId}:${kind}`);
  if (instrId) keys.push(`camt:instr:${line.debtorAccount}/${instrId}:${kind}`);
  return keys;
}

/**
 * The hash of what a line without bank identifiers says (the same for the same line in any file):
 * reference, amount, currency, date, debtor's account, kind and, where present, the payer's
 * end-to-end and instruction ids. A line without the latter hashes as earlier imports did.
 */
export function contentHash(line: CamtLine): string {
  const parts: (string | number)[] = [
    line.reference,
    line.amountRappen,
    line.currency,
    line.bookingDate ?? '',
    line.debtorAccount,
    lineKind(line),
  ];
  const { endToEndId, instrId } = line.ids;
  if (endToEndId || instrId) parts.push(`e2e=${endToEndId ?? ''}`, `instr=${instrId ?? ''}`);
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/** Numbers the hash keys of a file: the n-th line of the same content gets n. */
export function keysOfFile(lines: readonly CamtLine[]): string[][] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const hash = contentHash(line);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return identityKeys(line, n);
  });
}

/** A line already known (stored by an earlier import, or earlier in this file) with one of the keys. */
export interface KnownLine {
  key: string;
  paymentId: number;
  amountRappen: number;
  bookingDate: string | null;
}

export type Identity =
  | { kind: 'NEW' }
  /** the same bank transaction as an earlier line: not booked or stored again */
  | { kind: 'SAME'; paymentId: number }
  /** an identifier matches an earlier line of another amount or date: listed, never booked */
  | { kind: 'CONFLICT'; paymentId: number };

/**
 * Which line this is: the same as a known one when any identifier matches and amount and
 * booking date agree; a conflict when identifiers match but no such line agrees; else new.
 */
export function identify(
  line: Pick<CamtLine, 'amountRappen' | 'bookingDate'>,
  keys: readonly string[],
  known: readonly KnownLine[],
): Identity {
  const matches = known.filter((k) => keys.includes(k.key));
  if (matches.length === 0) return { kind: 'NEW' };
  const same = matches.find((k) => k.amountRappen === line.amountRappen && k.bookingDate === line.bookingDate);
  if (same) return { kind: 'SAME', paymentId: same.paymentId };
  return { kind: 'CONFLICT', paymentId: matches[0]!.paymentId };
}

/**
 * Which line each line of a file is (see identify). A line that is new by its own keys is the
 * same as a line an earlier import stored under its legacy keys (legacyKeys) when amount and date
 * agree and no other line of the file took that stored line already; a legacy key never makes a
 * conflict.
 */
export function identifyFile(
  lines: readonly Pick<CamtLine, 'amountRappen' | 'bookingDate'>[],
  keys: readonly (readonly string[])[],
  legacy: readonly (readonly string[])[],
  known: readonly KnownLine[],
): Identity[] {
  const claimed = new Set<number>();
  return lines.map((line, i) => {
    const identity = identify(line, keys[i]!, known);
    if (identity.kind !== 'NEW') return identity;
    const old = known.find(
      (k) =>
        legacy[i]!.includes(k.key) &&
        !claimed.has(k.paymentId) &&
        k.amountRappen === line.amountRappen &&
        k.bookingDate === line.bookingDate,
    );
    if (!old) return identity;
    claimed.add(old.paymentId);
    return { kind: 'SAME', paymentId: old.paymentId };
  });
}

// ---------------------------------------------------------------------------------------
// Booking a payment on an invoice
// ---------------------------------------------------------------------------------------

export type BookingOutcome = 'MATCHED' | 'AMOUNT_DIFFERS' | 'ALREADY_PAID';

export interface Booking {
  outcome: BookingOutcome;
  /** the payment counts on the invoice (paidRappen grew) */
  booked: boolean;
  state: InvoiceState;
  note: string;
}

/**
 * Books a payment on an invoice: an open invoice takes it (paidRappen grows); fully paid it
 * becomes PAID with the payment's date. Exactly the open amount: MATCHED. Less: AMOUNT_DIFFERS,
 * still open. More: AMOUNT_DIFFERS, PAID (the surplus is the treasurer's to refund). A paid or
 * cancelled invoice takes nothing: ALREADY_PAID, listed for the treasurer.
 */
export function bookPayment(state: InvoiceState, amountRappen: number, date: string): Booking {
  if (state.status === 'CANCELLED')
    return { outcome: 'ALREADY_PAID', booked: false, state, note: 'Die Rechnung ist storniert; die Zahlung wurde nicht verbucht.' };
  if (state.status === 'PAID')
    return { outcome: 'ALREADY_PAID', booked: false, state, note: 'Die Rechnung war schon bezahlt; die Zahlung wurde nicht verbucht.' };
  const next = nextInvoiceState(state, { kind: 'payment', amountRappen, date });
  const paid = next.paidRappen;
  if (paid === state.totalRappen) return { outcome: 'MATCHED', booked: true, state: next, note: '' };
  if (paid < state.totalRappen) {
    return {
      outcome: 'AMOUNT_DIFFERS',
      booked: true,
      state: next,
      note: `Teilzahlung: ${formatChf(paid)} von ${formatChf(state.totalRappen)} bezahlt, ${formatChf(state.totalRappen - paid)} noch offen.`,
    };
  }
  return {
    outcome: 'AMOUNT_DIFFERS',
    booked: true,
    state: next,
    note: `Überzahlung: ${formatChf(paid - state.totalRappen)} mehr als der Rechnungsbetrag von ${formatChf(state.totalRappen)}.`,
  };
}

/**
 * Whether a bank line may pay an invoice: listed lines (debit, reversal, pending, currency,
 * transactions not adding up) and lines of another account may not; a credit whose reference is
 * no valid QR or RF reference goes to the unmatched credits. Null when it may pay.
 */
export function whyNotPayable(
  line: Pick<CamtLine, 'listed' | 'account' | 'reference' | 'referenceType'>,
  clubAccounts: readonly string[],
): { outcome: 'NOT_A_PAYMENT' | 'UNKNOWN_REFERENCE'; note: string } | null {
  if (line.listed) return { outcome: 'NOT_A_PAYMENT', note: line.listed.note };
  if (!clubAccounts.includes(line.account))
    return {
      outcome: 'NOT_A_PAYMENT',
      note: `Die Datei gilt dem Konto ${line.account || '(ohne IBAN)'}, nicht einem Konto des Vereins: nicht verbucht.`,
    };
  if (!line.reference) return { outcome: 'UNKNOWN_REFERENCE', note: 'Ohne strukturierte Referenz.' };
  if (!line.referenceType)
    return {
      outcome: 'UNKNOWN_REFERENCE',
      note: 'Die Referenz ist weder eine gültige QR-Referenz noch eine gültige RF-Referenz (Prüfziffer).',
    };
  return null;
}

// ---------------------------------------------------------------------------------------
// Suggestions for credits without a usable reference
// ---------------------------------------------------------------------------------------

export interface UnmatchedCredit {
  debtorName: string;
  amountRappen: number;
  /** the payer's message (Ustrd) and the reference as written */
  message: string;
  reference: string;
}

export interface OpenInvoiceCandidate {
  id: number;
  number: string;
  /** the frozen debtor name and the member's current name */
  debtorName: string;
  memberName: string;
  totalRappen: number;
  paidRappen: number;
  /** YYYY-MM-DD */
  invoiceDate: string;
}

export interface Suggestion {
  invoiceId: number;
  score: number;
  /** German, e.g. "Betrag passt", "Name passt" */
  reasons: string[];
}

/** A name as comparable words: lower case, without accents, words of two letters or more. */
export function nameWords(name: string): string[] {
  const known = wordsOfName.get(name);
  if (known) return known;
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 2);
  if (wordsOfName.size >= NAME_CACHE_SIZE) wordsOfName.clear();
  wordsOfName.set(name, words);
  return words;
}

/** The words of names compared recently (a review list compares each open invoice's names with every credit). */
const NAME_CACHE_SIZE = 20_000;
const wordsOfName = new Map<string, string[]>();

/** How well a payer's name fits an invoice's names: 1 when every word of one name is in it, else the share. */
export function nameFit(payer: string, names: readonly string[]): number {
  return fitOfWords(new Set(nameWords(payer)), names.map(nameWords));
}

function fitOfWords(payer: ReadonlySet<string>, names: readonly (readonly string[])[]): number {
  if (payer.size === 0) return 0;
  let best = 0;
  for (const own of names) {
    if (own.length === 0) continue;
    let found = 0;
    for (const word of own) if (payer.has(word)) found += 1;
    best = Math.max(best, found / own.length);
  }
  return best;
}

/** Whether the message or reference names the invoice's number (`2027-00012`, `202700012`, `2027 00012`). */
export function mentionsNumber(text: string, number: string): boolean {
  const [year, serial] = number.split('-');
  if (!year || !serial) return false;
  // only a text with the serial's digits can name it (most do not: no pattern to build)
  if (!text.includes(serial)) return false;
  const digits = text.replace(/[^0-9]/g, ' ');
  return new RegExp(`(^|[^0-9])${year}[^0-9]?${serial}([^0-9]|$)`).test(text) || digits.split(/\s+/).includes(`${year}${serial}`);
}

/** An open invoice with the words of its names, as suggestions compare it. */
interface Compared {
  invoice: OpenInvoiceCandidate;
  names: readonly (readonly string[])[];
}

const compared = (invoice: OpenInvoiceCandidate): Compared => ({
  invoice,
  names: [nameWords(invoice.debtorName), nameWords(invoice.memberName)],
});

interface Scored {
  invoice: OpenInvoiceCandidate;
  score: number;
  fit: number;
  mentioned: boolean;
}

/**
 * How the invoice fits the credit; null when it is not to be suggested. `mayMention` false: the
 * credit's text cannot name its number (the caller knows).
 */
function scoreInvoice(
  credit: UnmatchedCredit,
  text: string,
  payer: ReadonlySet<string>,
  { invoice, names }: Compared,
  mayMention = true,
): Scored | null {
  const mentioned = mayMention && mentionsNumber(text, invoice.number);
  const open = invoice.totalRappen - invoice.paidRappen;
  const fit = fitOfWords(payer, names);
  const score =
    (mentioned ? 60 : 0) +
    (credit.amountRappen === open ? 40 : credit.amountRappen === invoice.totalRappen ? 25 : 0) +
    (fit === 1 ? 40 : fit >= 0.5 ? 20 : 0);
  return score >= 60 || fit === 1 ? { invoice, score, fit, mentioned } : null;
}

/** Higher score first, then the older invoice, then the lower id. */
function before(a: Scored, b: Scored): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.invoice.invoiceDate !== b.invoice.invoiceDate) return a.invoice.invoiceDate < b.invoice.invoiceDate;
  return a.invoice.id < b.invoice.id;
}

/** The best `limit` of the scored invoices with their reasons (German). */
function best(credit: UnmatchedCredit, scored: Iterable<Scored | null>, limit: number): Suggestion[] {
  const top: Scored[] = [];
  for (const s of scored) {
    if (!s || (top.length === limit && !before(s, top[limit - 1]!))) continue;
    let at = top.length;
    while (at > 0 && before(s, top[at - 1]!)) at -= 1;
    top.splice(at, 0, s);
    if (top.length > limit) top.pop();
  }
  return top.map(({ invoice, score, fit, mentioned }) => {
    const reasons: string[] = [];
    if (mentioned) reasons.push('Rechnungsnummer in der Mitteilung');
    if (credit.amountRappen === invoice.totalRappen - invoice.paidRappen) reasons.push('Betrag passt');
    else if (credit.amountRappen === invoice.totalRappen) reasons.push('Betrag passt zum Rechnungstotal');
    if (fit === 1) reasons.push('Name passt');
    else if (fit >= 0.5) reasons.push('Name passt teilweise');
    return { invoiceId: invoice.id, score, reasons };
  });
}

/**
 * Open invoices that may be what a credit without usable reference pays, best first: the
 * invoice number in the message weighs most, then the amount (what is still open, else the
 * total), then the payer's name against the invoice's debtor and member names. An invoice is
 * suggested for its number, for the payer's full name, or for amount and name together; an
 * amount alone (many members pay the same fee) is not enough.
 */
export function suggestInvoices(credit: UnmatchedCredit, invoices: readonly OpenInvoiceCandidate[], limit = 3): Suggestion[] {
  const text = `${credit.message} ${credit.reference}`;
  const payer = new Set(nameWords(credit.debtorName));
  return best(
    credit,
    invoices.map((invoice) => scoreInvoice(credit, text, payer, compared(invoice))),
    limit,
  );
}

/**
 * suggestInvoices for many credits against the same open invoices (a page of the review list):
 * the invoices are indexed once by the words of their names and by the digits of their numbers,
 * and each credit is scored only against those it can be suggested for (one its message names,
 * or one sharing a word of a name with the payer: amount and name together need a word).
 */
export function invoiceSuggester(invoices: readonly OpenInvoiceCandidate[], limit = 3): (credit: UnmatchedCredit) => Suggestion[] {
  const all = invoices.map(compared);
  const byWord = new Map<string, Compared[]>();
  const byNumber = new Map<string, Compared[]>();
  const add = (index: Map<string, Compared[]>, key: string, entry: Compared) => {
    const list = index.get(key);
    if (!list) index.set(key, [entry]);
    else if (list.at(-1) !== entry) list.push(entry);
  };
  for (const entry of all) {
    for (const words of entry.names) for (const word of words) add(byWord, word, entry);
    add(byNumber, entry.invoice.number.replace(/[^0-9]/g, ''), entry);
  }
  return (credit) => {
    const text = `${credit.message} ${credit.reference}`;
    const payer = new Set(nameWords(credit.debtorName));
    const named = new Set<Compared>();
    // a number is written as one run of digits or as two separated by one sign (2027-00012, 2027 00012)
    const runs = text.match(/[0-9]+/g) ?? [];
    runs.forEach((run, i) => {
      for (const key of [run, run + (runs[i + 1] ?? '')]) for (const entry of byNumber.get(key) ?? []) named.add(entry);
    });
    const found = new Set(named);
    for (const word of payer) for (const entry of byWord.get(word) ?? []) found.add(entry);
    return best(
      credit,
      [...found].map((entry) => scoreInvoice(credit, text, payer, entry, named.has(entry))),
      limit,
    );
  };
}

// ---------------------------------------------------------------------------------------
// Bank lines the board decides
// ---------------------------------------------------------------------------------------

/**
 * Whether the board must decide a stored bank line: a booked credit of a positive amount that the
 * import did not book cleanly (unknown reference, conflict, paid or cancelled invoice, amount
 * differs, foreign currency, other account, transactions not adding up). Debits, reversals,
 * pending and information lines are not the board's to decide.
 */
export function needsDecision(line: Pick<CamtLine, 'direction' | 'reversal' | 'status' | 'amountRappen'>, outcome: string): boolean {
  return line.direction === 'CRDT' && !line.reversal && line.status === 'BOOK' && line.amountRappen > 0 && outcome !== 'MATCHED';
}

/** Why the board cannot book a listed credit on invoices (German), or null when it can. */
export function whyNotBookable(line: { outcome: string; invoiceId: number | null; currency: string; bookingDate: unknown }): string | null {
  if ((line.outcome === 'MATCHED' || line.outcome === 'AMOUNT_DIFFERS') && line.invoiceId !== null)
    return 'Diese Gutschrift ist schon auf eine Rechnung verbucht.';
  if (line.currency !== 'CHF') return `Die Gutschrift lautet auf ${line.currency || 'keine Währung'}; Rechnungen lauten auf CHF.`;
  if (!line.bookingDate) return 'Die Gutschrift hat kein Buchungsdatum.';
  return null;
}

/** Whether the parts of a split add up to the credit; the German reason when not. */
export function checkAllocations(creditRappen: number, parts: readonly { amountRappen: number }[]): string | null {
  const sum = parts.reduce((n, p) => n + p.amountRappen, 0);
  if (sum === creditRappen) return null;
  return `Die Aufteilung ergibt ${formatChf(sum)}, die Gutschrift beträgt ${formatChf(creditRappen)}: Die Beträge müssen zusammen die Gutschrift ergeben.`;
}

/**
 * Takes a payment off an invoice again (the undo of a booking the board made): paid less than the
 * total, the invoice is open again without payment date. A cancelled invoice, or one that carries
 * less than the amount, refuses (null): something else depends on it.
 */
export function unbookPayment(state: InvoiceState, amountRappen: number): InvoiceState | null {
  if (state.status === 'CANCELLED' || state.paidRappen < amountRappen) return null;
  const paidRappen = state.paidRappen - amountRappen;
  if (paidRappen >= state.totalRappen) return { ...state, paidRappen };
  return { ...state, status: 'OPEN', paidRappen, paidAt: null };
}
