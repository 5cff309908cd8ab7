import type * as FastXmlParser from 'fast-xml-parser';
import { isQRReference, isQRReferenceValid, isSCORReference, isSCORReferenceValid } from 'swissqrbill/utils';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { CHF_SPACE, formatAmount, formatChf } from '@club/contract';

/**
 * Reads the bank's camt.054 (debit/credit notification) or camt.053 (account statement),
 * ISO 20022 versions .001.04 and .001.08 as Swiss banks send them, into one line per
 * transaction. Pure: text in, lines out. The whole file is checked here, before anything is
 * written: a file that is not such a message, or breaks a limit, throws CamtFormatError with a
 * German message naming the place. What a file may say but the site must not book (a debit, a
 * pending entry, another currency, transactions that do not add up to their entry) is not an
 * error: the line carries a `listed` reason and is shown to the treasurer.
 */

export class CamtFormatError extends Error {
  override readonly name = 'CamtFormatError';
}

/** The messages and versions read; others are refused with a message naming them. */
export const CAMT_MESSAGES = ['camt.053', 'camt.054'] as const;
export const CAMT_VERSIONS = ['04', '08'] as const;

/** Limits of one file (beyond the 10 MB of the request). */
export const CAMT_LIMITS = {
  /** Ntry elements */
  entries: 20_000,
  /** transaction lines */
  transactions: 50_000,
  /** element nesting (a camt message needs about 15) */
  depth: 40,
  /** the largest amount of one entry or transaction, in Rappen (CHF 10 million) */
  amountRappen: 1_000_000_000,
} as const;

export type CamtDirection = 'CRDT' | 'DBIT';

/** Why a line is listed for the treasurer instead of being booked (null: it may pay an invoice). */
export type CamtListedReason =
  | 'DEBIT'
  | 'REVERSAL'
  | 'NOT_BOOKED'
  | 'NO_DATE'
  | 'NO_CURRENCY'
  | 'FOREIGN_CURRENCY'
  | 'DIRECTION_DIFFERS'
  | 'SUM_DIFFERS'
  | 'OTHER_ACCOUNT'
  | 'NO_AMOUNT';

export interface CamtLineIds {
  uetr: string | null;
  /** the entry's AcctSvcrRef (shared by the transactions of a batch) */
  entryRef: string | null;
  /** the transaction's AcctSvcrRef */
  txRef: string | null;
  /** EndToEndId (NOTPROVIDED counts as none) */
  endToEndId: string | null;
  instrId: string | null;
}

export interface CamtLine {
  /** position of its Ntry in the file, from 0 */
  entryIndex: number;
  /** position within its entry, from 0, and how many the entry has */
  txIndex: number;
  txCount: number;
  /** the account the statement or notification is for (IBAN, else its other id; '' when none) */
  account: string;
  /** the entry's CdtDbtInd: the booking on the account */
  direction: CamtDirection;
  /** RvslInd: the entry reverses an earlier booking */
  reversal: boolean;
  /** BOOK, PDNG, INFO … */
  status: string;
  /** the transaction's amount in Rappen (what it is, else the part of the entry it takes) */
  amountRappen: number;
  /** '' when the file names none */
  currency: string;
  /** YYYY-MM-DD; null when the entry has neither BookgDt nor ValDt */
  bookingDate: string | null;
  /** the structured creditor reference without spaces, upper-case ('' when none) */
  reference: string;
  /** what the reference is by its own format and check digit (not by the file's type field) */
  referenceType: 'QRR' | 'SCOR' | null;
  /** unstructured remittance information (Ustrd), joined */
  message: string;
  debtorName: string;
  debtorAccount: string;
  ids: CamtLineIds;
  /** what was left out of the line (a malformed optional identifier), German; [] when nothing */
  notes: string[];
  /** why the line cannot pay an invoice, whatever its reference; null when it may */
  listed: { reason: CamtListedReason; note: string } | null;
  /** the transaction's XML as it stood in the file (the entry's when it has no TxDtls) */
  rawXml: string;
}

export interface CamtFile {
  /** camt.053 or camt.054 */
  message: (typeof CAMT_MESSAGES)[number];
  /** e.g. camt.054.001.08 */
  version: string;
  msgId: string;
  /** the accounts the file speaks of (one per statement or notification) */
  accounts: string[];
  /** Ntry elements read */
  entries: number;
  lines: CamtLine[];
}

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Ntfctn', 'Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const xml = onFirstUse<typeof FastXmlParser>('fast-xml-parser');

/** The parser of bank files, made at the first file. */
let parser: FastXmlParser.XMLParser | undefined;
const parserOptions: FastXmlParser.X2jOptions = {
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  maxNestedTags: CAMT_LIMITS.depth,
  jPath: false,
  isArray: (name) => ARRAYS.has(name),
};

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3})\.001\.(\d{2})$/;
const ROOTS = { 'camt.053': ['BkToCstmrStmt', 'Stmt'], 'camt.054': ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'] } as const;

/** ISO 20022 text limits (Max35Text, Max140Text …) of the fields read. */
const MAX_LENGTH = { id: 35, name: 140, message: 140, account: 34, uetr: 36 } as const;

/** Reads the file; throws CamtFormatError (German) when it is not a camt.053/054 the site can read. */
export function parseCamt(xml: string): CamtFile {
  const text = xml.replace(/^\uFEFF/, '');
  const { message, version } = checkEnvelope(text);
  const doc = parseXml(text);
  const [rootName, containerName] = ROOTS[message];
  const rootValue = node(doc.Document)?.[rootName];
  if (rootValue === undefined)
    throw new CamtFormatError(`Das Element Document/${rootName} fehlt; die Datei ist keine ${message}-Nachricht.`);
  const root = node(rootValue) ?? {};
  const msgId = limited(str(node(root.GrpHdr)?.MsgId), MAX_LENGTH.id, 'Die Nachrichten-ID (GrpHdr/MsgId)');
  if (!msgId) throw new CamtFormatError('Der Datei fehlt die Nachrichten-ID (GrpHdr/MsgId).');
  const containers = arr(root[containerName]);
  if (containers.length === 0)
    throw new CamtFormatError(`Die Datei enthält keine ${message === 'camt.053' ? 'Kontoauszüge (Stmt)' : 'Anzeigen (Ntfctn)'}.`);

  const entryCount = containers.reduce((n, c) => n + arr(c.Ntry).length, 0);
  if (entryCount > CAMT_LIMITS.entries)
    throw new CamtFormatError(`Die Datei enthält ${entryCount} Buchungen; höchstens ${CAMT_LIMITS.entries} werden in einer Datei gelesen.`);
  const rawEntries = sliceElements(text, 'Ntry');
  const accounts: string[] = [];
  const lines: CamtLine[] = [];
  let index = 0;
  for (const container of containers) {
    const account = readAccount(container.Acct);
    accounts.push(account);
    for (const entry of arr(container.Ntry)) {
      lines.push(...readEntry(entry, index, account, rawEntries.length === entryCount ? rawEntries[index]! : ''));
      index += 1;
      if (lines.length > CAMT_LIMITS.transactions)
        throw new CamtFormatError(
          `Die Datei enthält mehr als ${CAMT_LIMITS.transactions} Transaktionen; so viele werden nicht in einer Datei gelesen.`,
        );
    }
  }
  return { message, version: `${message}.001.${version}`, msgId, accounts, entries: entryCount, lines };
}

/**
 * Checks what the text is before parsing: not empty, no DOCTYPE (entity expansion), well-formed,
 * a Document in the namespace of a supported camt message and version, and no element or
 * namespace from elsewhere (a foreign prefix must not pass for a camt element).
 */
function checkEnvelope(text: string): { message: (typeof CAMT_MESSAGES)[number]; version: string } {
  if (!text.trim()) throw new CamtFormatError('Die Datei ist leer.');
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new CamtFormatError('Die Datei enthält eine DOCTYPE-Deklaration; Bankdateien haben keine. Sie wurde nicht gelesen.');
  const valid = xml().XMLValidator.validate(text);
  if (valid !== true) {
    throw new CamtFormatError(
      `Die Datei ist kein gültiges XML (Zeile ${valid.err.line}). Bitte laden Sie die Datei der Bank unverändert hoch.`,
    );
  }
  const rootTag = /<(?:([A-Za-z_][\w.-]*):)?Document[\s>/]/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
  if (!rootTag) throw new CamtFormatError('Das Element Document fehlt; die Datei ist keine ISO-20022-Nachricht der Bank.');
  const prefix = rootTag[1] ?? '';
  const declarations = [...text.matchAll(/\sxmlns(?::([A-Za-z_][\w.-]*))?\s*=\s*(["'])(.*?)\2/g)].map((m) => ({
    prefix: m[1] ?? '',
    uri: m[3] ?? '',
  }));
  const own = declarations.find((d) => d.prefix === prefix)?.uri ?? '';
  const match = CAMT_NAMESPACE.exec(own);
  if (!match) {
    throw new CamtFormatError(
      own
        ? `Unbekanntes Format (Namensraum «${own.slice(0, 80)}»). Gelesen werden camt.053 und camt.054 der Versionen .001.04 und .001.08.`
        : 'Die Datei nennt keinen ISO-20022-Namensraum. Gelesen werden camt.053 und camt.054 der Versionen .001.04 und .001.08.',
    );
  }
  const [, message, version] = match as unknown as [string, string, string];
  if (!(CAMT_MESSAGES as readonly string[]).includes(message)) {
    const what = message === 'camt.052' ? 'ein Kontobericht untertags (camt.052)' : `eine ${message}-Nachricht`;
    throw new CamtFormatError(
      `Das ist ${what}. Bitte wählen Sie den Kontoauszug (camt.053) oder die Gutschriftsanzeige (camt.054) der Bank.`,
    );
  }
  if (!(CAMT_VERSIONS as readonly string[]).includes(version)) {
    throw new CamtFormatError(
      `Die Version ${message}.001.${version} wird nicht gelesen; nur ${message}.001.04 und ${message}.001.08. Bitte verlangen Sie bei der Bank eine dieser Versionen.`,
    );
  }
  const foreign = declarations.find((d) => d.uri !== own && d.uri !== XSI);
  if (foreign) throw new CamtFormatError(`Die Datei enthält Elemente aus einem fremden Namensraum («${foreign.uri.slice(0, 80)}»).`);
  for (const m of text.matchAll(/<\/?([A-Za-z_][\w.-]*):[A-Za-z_]/g)) {
    if (m[1] !== prefix) throw new CamtFormatError(`Die Datei enthält Elemente mit dem fremden Präfix «${m[1]!.slice(0, 40)}».`);
  }
  return { message: message as (typeof CAMT_MESSAGES)[number], version };
}

function parseXml(text: string): Node {
  try {
    parser ??= new (xml().XMLParser)(parserOptions);
    return parser.parse(text) as Node;
  } catch (error) {
    const reason =
      error instanceof Error && /nested/i.test(error.message)
        ? `zu tief verschachtelt (mehr als ${CAMT_LIMITS.depth} Ebenen)`
        : 'nicht lesbar';
    throw new CamtFormatError(`Die Datei ist ${reason}.`);
  }
}

function readAccount(value: unknown): string {
  const id = node(node(value)?.Id);
  const account = str(id?.IBAN) || str(node(id?.Othr)?.Id);
  return limited(account.replace(/\s+/g, '').toUpperCase(), MAX_LENGTH.account, 'Das Konto (Acct/Id)');
}

function readEntry(entry: Node, index: number, account: string, rawEntry: string): CamtLine[] {
  const where = `Buchung ${index + 1}`;
  const amount = readAmount(entry.Amt, where);
  if (!amount) throw new CamtFormatError(`${where}: Der Betrag (Amt) fehlt.`);
  const direction = readDirection(entry.CdtDbtInd, where);
  if (!direction) throw new CamtFormatError(`${where}: Soll/Haben (CdtDbtInd) fehlt.`);
  const stsNode = entry.Sts;
  const status = (typeof stsNode === 'string' ? stsNode : str(node(stsNode)?.Cd) || str(node(stsNode)?.Prtry)).toUpperCase();
  if (!status) throw new CamtFormatError(`${where}: Der Status (Sts) fehlt.`);
  const base = {
    entryIndex: index,
    account,
    direction,
    reversal: str(entry.RvslInd).toLowerCase() === 'true',
    status: status.slice(0, 4),
    bookingDate: readDate(entry.BookgDt) ?? readDate(entry.ValDt),
  };
  const writtenRef = str(entry.AcctSvcrRef);
  const entryTooLong = writtenRef.length > MAX_LENGTH.id;
  const entryRef = entryTooLong ? null : writtenRef || null;
  const entryNotes = entryTooLong
    ? [`Die Referenz der Bank zur Buchung (AcctSvcrRef) ist länger als ${MAX_LENGTH.id} Zeichen und wurde nicht berücksichtigt.`]
    : [];

  const details = arr(entry.NtryDtls).flatMap((d) => arr(d.TxDtls));
  if (details.length === 0) {
    const line: CamtLine = {
      ...base,
      txIndex: 0,
      txCount: 1,
      amountRappen: amount.rappen,
      currency: amount.currency,
      reference: '',
      referenceType: null,
      message: '',
      debtorName: '',
      debtorAccount: '',
      ids: { uetr: null, entryRef, txRef: null, endToEndId: null, instrId: null },
      notes: entryNotes,
      listed: null,
      rawXml: rawEntry,
    };
    return [{ ...line, listed: entryListing(line, amount, []) }];
  }

  const rawDetails = rawEntry ? sliceElements(rawEntry, 'TxDtls') : [];
  const parts = details.map((tx, i) => {
    const at = `${where}, Transaktion ${i + 1}`;
    return {
      at,
      own: readAmount(tx.Amt, at) ?? readAmount(node(node(tx.AmtDtls)?.TxAmt)?.Amt, at),
      direction: readDirection(tx.CdtDbtInd, at),
    };
  });
  const split = splitEntry(
    amount,
    parts.map((p) => p.own),
  );
  return details.map((tx, i) => {
    const at = parts[i]!.at;
    const line: CamtLine = {
      ...base,
      txIndex: i,
      txCount: details.length,
      amountRappen: split.amounts[i]?.rappen ?? 0,
      currency: split.amounts[i]?.currency ?? amount.currency,
      ...readRemittance(tx, at),
      ...readParties(tx, at),
      ...readIds(tx, entryRef, entryNotes),
      listed: null,
      rawXml: rawDetails.length === details.length ? rawDetails[i]! : '',
    };
    const txDirection = parts[i]!.direction;
    return {
      ...line,
      listed: entryListing(line, amount, [
        split.problem,
        txDirection && txDirection !== direction ? directionNote(direction, txDirection) : null,
      ]),
    };
  });
}

interface Amount {
  rappen: number;
  currency: string;
}

/**
 * Shares an entry's amount among its transactions: each takes its own amount; one without takes
 * what the others leave. The transactions must add up to their entry, in its currency; where
 * they do not (or cannot be split), every line of the entry is listed with the reason.
 */
function splitEntry(
  entry: Amount,
  own: (Amount | undefined)[],
): { amounts: (Amount | undefined)[]; problem: { reason: CamtListedReason; note: string } | null } {
  const missing = own.filter((a) => !a).length;
  if (own.some((a) => a && a.currency !== entry.currency)) {
    return {
      amounts: own,
      problem: { reason: 'FOREIGN_CURRENCY', note: 'Die Transaktionen lauten auf eine andere Währung als die Buchung.' },
    };
  }
  const known = own.reduce((sum, a) => sum + (a?.rappen ?? 0), 0);
  if (missing > 1) {
    return {
      amounts: own,
      problem: { reason: 'NO_AMOUNT', note: 'Mehrere Transaktionen ohne Betrag: die Buchung lässt sich nicht aufteilen.' },
    };
  }
  if (missing === 1) {
    const rest = entry.rappen - known;
    const amounts = own.map((a) => a ?? { rappen: Math.max(rest, 0), currency: entry.currency });
    if (rest <= 0) return { amounts, problem: sumProblem(entry, known) };
    return { amounts, problem: null };
  }
  return { amounts: own, problem: known === entry.rappen ? null : sumProblem(entry, known) };
}

function sumProblem(entry: Amount, known: number): { reason: CamtListedReason; note: string } {
  return {
    reason: 'SUM_DIFFERS',
    note: `Die Transaktionen ergeben ${entry.currency || 'CHF'}${CHF_SPACE}${formatAmount(known)}, die Buchung lautet auf ${formatAmount(entry.rappen)}: nicht verbucht.`,
  };
}

function directionNote(entry: CamtDirection, tx: CamtDirection): { reason: CamtListedReason; note: string } {
  return {
    reason: 'DIRECTION_DIFFERS',
    note: `Die Buchung ist eine ${entry === 'DBIT' ? 'Belastung' : 'Gutschrift'}, die Transaktion nennt ${tx}; massgebend ist die Buchung.`,
  };
}

/** The first reason, in order of weight, why a line must be listed rather than booked. */
function entryListing(
  line: CamtLine,
  entryAmount: Amount,
  problems: ({ reason: CamtListedReason; note: string } | null)[],
): { reason: CamtListedReason; note: string } | null {
  if (line.reversal) return { reason: 'REVERSAL', note: 'Stornobuchung (Rückbuchung) der Bank: keine Zahlung.' };
  if (line.direction === 'DBIT') return { reason: 'DEBIT', note: 'Belastung: keine Zahlung.' };
  if (line.status === 'INFO') return { reason: 'NOT_BOOKED', note: 'Nur zur Information (Status INFO): keine Buchung auf dem Konto.' };
  if (line.status !== 'BOOK')
    return { reason: 'NOT_BOOKED', note: `Noch nicht gebucht (Status ${line.status}): kommt mit einer späteren Datei.` };
  if (!line.bookingDate) return { reason: 'NO_DATE', note: 'Ohne Buchungs- und Valutadatum: nicht verbucht.' };
  if (!entryAmount.currency || !line.currency) return { reason: 'NO_CURRENCY', note: 'Ohne Währung (Ccy): nicht verbucht.' };
  if (line.currency !== 'CHF') return { reason: 'FOREIGN_CURRENCY', note: `Zahlung in ${line.currency}: bitte von Hand prüfen.` };
  const problem = problems.find((p) => p !== null);
  if (problem) return problem;
  if (line.amountRappen <= 0) return { reason: 'NO_AMOUNT', note: 'Betrag 0: keine Zahlung.' };
  return null;
}

function readRemittance(tx: Node, at: string): { reference: string; referenceType: 'QRR' | 'SCOR' | null; message: string } {
  const rmt = node(tx.RmtInf);
  let written = '';
  for (const strd of arr(rmt?.Strd)) {
    written = str(node(strd.CdtrRefInf)?.Ref);
    if (written) break;
  }
  const reference = limited(written.replace(/\s+/g, '').toUpperCase(), MAX_LENGTH.id, `${at}: Die Referenz (CdtrRefInf/Ref)`);
  const message = arr(rmt?.Ustrd)
    .map((u) => limited(str(u), MAX_LENGTH.message, `${at}: Die Mitteilung (Ustrd)`))
    .filter(Boolean);
  return { reference, referenceType: referenceTypeOf(reference), message: [...new Set(message)].join(' ').slice(0, 280) };
}

/** QRR or SCOR by the reference's own format and check digits (swissqrbill's checks). */
export function referenceTypeOf(reference: string): 'QRR' | 'SCOR' | null {
  if (!reference) return null;
  if (isQRReference(reference) && !/^0+$/.test(reference) && isQRReferenceValid(reference)) return 'QRR';
  if (isSCORReference(reference) && isSCORReferenceValid(reference)) return 'SCOR';
  return null;
}

function readParties(tx: Node, at: string): { debtorName: string; debtorAccount: string } {
  const parties = node(tx.RltdPties);
  const debtor = node(parties?.Dbtr);
  const ultimate = node(parties?.UltmtDbtr);
  const name = str(node(debtor?.Pty)?.Nm) || str(debtor?.Nm) || str(node(ultimate?.Pty)?.Nm) || str(ultimate?.Nm);
  const accountId = node(node(parties?.DbtrAcct)?.Id);
  const account = (str(accountId?.IBAN) || str(node(accountId?.Othr)?.Id)).replace(/\s+/g, '').toUpperCase();
  return {
    debtorName: limited(name, MAX_LENGTH.name, `${at}: Der Name des Zahlers (Dbtr/Nm)`),
    debtorAccount: limited(account, MAX_LENGTH.account, `${at}: Das Konto des Zahlers (DbtrAcct)`),
  };
}

/**
 * The identifiers of a transaction. They are optional: one that is malformed (a UETR that is no
 * UUID, an id longer than ISO 20022 allows) is left out with a note on its line, and the line and
 * the file's other lines are read as usual.
 */
function readIds(tx: Node, entryRef: string | null, entryNotes: readonly string[]): { ids: CamtLineIds; notes: string[] } {
  const refs = node(tx.Refs);
  const notes: string[] = [...entryNotes];
  const id = (value: unknown, what: string) => {
    const v = str(value);
    if (v.length <= MAX_LENGTH.id) return v || null;
    notes.push(`${what} «${v.slice(0, 40)}…» ist länger als ${MAX_LENGTH.id} Zeichen und wurde nicht berücksichtigt.`);
    return null;
  };
  let uetr: string | null = str(refs?.UETR).toLowerCase() || null;
  if (uetr && !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uetr)) {
    notes.push(`Die UETR «${uetr.slice(0, 40)}» ist keine gültige UUID und wurde nicht berücksichtigt.`);
    uetr = null;
  }
  const endToEndId = id(refs?.EndToEndId, 'Die EndToEndId');
  return {
    ids: {
      uetr,
      entryRef,
      txRef: id(refs?.AcctSvcrRef, 'Die Referenz der Bank (AcctSvcrRef)'),
      endToEndId: endToEndId && endToEndId.toUpperCase() !== 'NOTPROVIDED' ? endToEndId : null,
      instrId: id(refs?.InstrId, 'Die InstrId'),
    },
    notes,
  };
}

/** `<Amt Ccy="CHF">50.00</Amt>` → Rappen and currency ('' when Ccy is missing); undefined when absent. */
function readAmount(value: unknown, where: string): Amount | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = node(value);
  const text = (typeof value === 'string' ? value : str(n?.['#text'])).trim();
  const currency = str(n?.['@_Ccy']).toUpperCase();
  if (currency && !/^[A-Z]{3}$/.test(currency))
    throw new CamtFormatError(`${where}: Die Währung «${currency.slice(0, 10)}» ist kein Währungscode.`);
  const m = /^(\d{1,18})(?:\.(\d{1,5}))?$/.exec(text);
  if (!m) throw new CamtFormatError(`${where}: Der Betrag «${text.slice(0, 30)}» ist kein gültiger Betrag.`);
  if (m[2] && /[1-9]/.test(m[2].slice(2))) throw new CamtFormatError(`${where}: Der Betrag «${text}» hat Bruchteile von Rappen.`);
  const francs = Number(m[1]);
  const rappen = francs * 100 + Number((m[2] ?? '').slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(rappen) || rappen > CAMT_LIMITS.amountRappen)
    throw new CamtFormatError(`${where}: Der Betrag ${text} übersteigt die Grenze von ${formatChf(CAMT_LIMITS.amountRappen)} je Buchung.`);
  return { rappen, currency };
}

function readDirection(value: unknown, where: string): CamtDirection | undefined {
  const v = str(value).toUpperCase();
  if (!v) return undefined;
  if (v !== 'CRDT' && v !== 'DBIT') throw new CamtFormatError(`${where}: Soll/Haben «${v.slice(0, 10)}» ist weder CRDT noch DBIT.`);
  return v;
}

/** `<BookgDt><Dt>2027-06-03</Dt></BookgDt>` or `<DtTm>2027-06-03T10:00:00+02:00</DtTm>` → the date as written. */
function readDate(value: unknown): string | null {
  const n = node(value);
  const raw = str(n?.Dt) || str(n?.DtTm);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCDate() === Number(m[3]) && date.getUTCFullYear() >= 2000 && date.getUTCFullYear() < 2200 ? m[0] : null;
}

/** `12.50` from 1250 Rappen: an amount as camt.054 writes it (no grouping; people read `formatChf`). */
export function chf(rappen: number): string {
  return `${Math.trunc(rappen / 100)}.${String(Math.abs(rappen) % 100).padStart(2, '0')}`;
}

function limited(value: string, max: number, what: string): string {
  if (value.length > max) throw new CamtFormatError(`${what} ist länger als ${max} Zeichen.`);
  return value;
}

/** The elements `name` (any namespace prefix), not nested in themselves, as written in the text. */
function sliceElements(text: string, name: string): string[] {
  const pattern = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${name}(?:\\s[^>]*)?>[\\s\\S]*?</(?:[A-Za-z_][\\w.-]*:)?${name}\\s*>`, 'g');
  return text.match(pattern) ?? [];
}

function node(value: unknown): Node | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

function arr(value: unknown): Node[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => node(v) ?? (typeof v === 'string' ? { '#text': v } : {}));
}

function str(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const n = node(value);
  if (n && typeof n['#text'] === 'string') return n['#text'].trim();
  return '';
}
