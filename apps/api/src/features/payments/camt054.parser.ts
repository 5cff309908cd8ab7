import { createHash } from 'node:crypto';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { classifyReference, normalizeReference } from '../../lib/payment-reference.ts';

/**
 * Reads a camt.054 (bank-to-customer debit/credit notification, ISO 20022) as Swiss banks send
 * it (Swiss Payment Standards, camt implementation guidelines) into one line per transaction.
 * Pure: text in, lines out; a file that is not a readable camt.054 throws CamtFormatError with
 * a German message. Independent of the schema version: .001.04 writes `<Sts>BOOK</Sts>` and the
 * debtor as `Dbtr/Nm`, .001.08 `<Sts><Cd>BOOK</Cd></Sts>` and `Dbtr/Pty/Nm`; both are read.
 */

export class CamtFormatError extends Error {
  override readonly name = 'CamtFormatError';
}

export interface CamtTransaction {
  /** position of its Ntry in the file, from 0 */
  entryIndex: number;
  creditDebit: 'CRDT' | 'DBIT';
  /** the entry reverses an earlier booking (RvslInd) */
  reversal: boolean;
  /** entry status (BOOK, PDNG, INFO …) */
  status: string;
  amountRappen: number;
  currency: string;
  /** YYYY-MM-DD */
  bookingDate: string;
  /** the structured creditor reference as written, without spaces, upper-case ('' when none) */
  reference: string;
  /** what the reference is by its own format and check digit (not by the file's type field) */
  referenceType: 'QRR' | 'SCOR' | null;
  debtorName: string;
  debtorAccount: string;
  uetr: string | null;
  entryAcctSvcrRef: string | null;
  txAcctSvcrRef: string | null;
  /** identifies the line across files and imports (see dedupeKeys) */
  dedupeKey: string;
  /** the transaction's XML as it stood in the file (the entry's when it has no TxDtls) */
  rawXml: string;
}

export interface CamtFile {
  msgId: string;
  /** e.g. `camt.054.001.08`; null when the file names no namespace */
  version: string | null;
  /** Ntry elements read */
  entries: number;
  transactions: CamtTransaction[];
}

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  // callbacks get the path matcher, not a path string built for every tag (a 5,000-entry file)
  jPath: false,
  isArray: (name) => ARRAYS.has(name),
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3}\.\d{3}\.\d{2})/;

/** Reads the file; throws CamtFormatError (German) when it is not a camt.054 this site can read. */
export function parseCamt054(xml: string): CamtFile {
  const text = xml.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new CamtFormatError('Die Datei ist leer.');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new CamtFormatError('Die Datei enthält eine DOCTYPE-Deklaration; Bankdateien haben keine. Sie wurde nicht gelesen.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new CamtFormatError(
      `Die Datei ist kein gültiges XML (Zeile ${valid.err.line}). Bitte laden Sie die camt.054-Datei der Bank unverändert hoch.`,
    );
  }
  const namespace = NAMESPACE.exec(text)?.[1] ?? null;
  if (namespace && !namespace.startsWith('camt.054.')) {
    throw new CamtFormatError(
      `Das ist keine camt.054-Datei, sondern ${namespace}. Bitte wählen Sie die Gutschriftsanzeige (camt.054) der Bank.`,
    );
  }
  const doc = parser.parse(text) as Node;
  const root = node(node(doc.Document)?.BkToCstmrDbtCdtNtfctn);
  if (!root) {
    throw new CamtFormatError(
      'Das ist keine camt.054-Datei (Element Document/BkToCstmrDbtCdtNtfctn fehlt). Bitte wählen Sie die Gutschriftsanzeige der Bank.',
    );
  }
  const msgId = str(node(root.GrpHdr)?.MsgId);
  if (!msgId) throw new CamtFormatError('Der Datei fehlt die Nachrichten-ID (GrpHdr/MsgId).');
  const notifications = arr(root.Ntfctn);
  if (notifications.length === 0) throw new CamtFormatError('Die Datei enthält keine Gutschriftsanzeige (Ntfctn).');

  const rawEntries = sliceElements(text, 'Ntry');
  const entries = notifications.flatMap((n) => arr(n.Ntry));
  const rawFits = rawEntries.length === entries.length;
  const transactions: Omit<CamtTransaction, 'dedupeKey'>[] = [];
  entries.forEach((entry, index) => {
    const raw = rawFits ? rawEntries[index]! : (builder.build({ Ntry: entry }) as string);
    transactions.push(...readEntry(entry, index, raw));
  });
  return { msgId, version: namespace, entries: entries.length, transactions: dedupeKeys(transactions) };
}

function readEntry(entry: Node, index: number, rawEntry: string): Omit<CamtTransaction, 'dedupeKey'>[] {
  const where = `Buchung ${index + 1}`;
  const amount = readAmount(entry.Amt, where);
  if (!amount) throw new CamtFormatError(`${where}: Der Betrag (Amt) fehlt.`);
  const creditDebit = readCreditDebit(entry.CdtDbtInd, where);
  if (!creditDebit) throw new CamtFormatError(`${where}: Soll/Haben (CdtDbtInd) fehlt.`);
  const stsNode = entry.Sts;
  const status = (typeof stsNode === 'string' ? stsNode : str(node(stsNode)?.Cd)).toUpperCase();
  const bookingDate = readDate(entry.BookgDt) ?? readDate(entry.ValDt);
  if (!bookingDate) throw new CamtFormatError(`${where}: Das Buchungsdatum (BookgDt) fehlt.`);
  const reversal = str(entry.RvslInd).toLowerCase() === 'true';
  const entryAcctSvcrRef = str(entry.AcctSvcrRef) || null;

  const details = arr(entry.NtryDtls).flatMap((d) => arr(d.TxDtls));
  const base = { entryIndex: index, reversal, status, bookingDate, entryAcctSvcrRef };
  if (details.length === 0) {
    return [
      {
        ...base,
        creditDebit,
        amountRappen: amount.rappen,
        currency: amount.currency,
        reference: '',
        referenceType: null,
        debtorName: '',
        debtorAccount: '',
        uetr: null,
        txAcctSvcrRef: null,
        rawXml: rawEntry,
      },
    ];
  }

  const rawDetails = sliceElements(rawEntry, 'TxDtls');
  const rawFits = rawDetails.length === details.length;
  // A TxDtls without Amt takes what the entry leaves for it (all of it when it is alone).
  const own = details.map((tx) => readAmount(tx.Amt, where) ?? readAmount(node(node(tx.AmtDtls)?.TxAmt)?.Amt, where));
  const missing = own.filter((a) => !a).length;
  const known = own.reduce((sum, a) => sum + (a?.rappen ?? 0), 0);
  if (missing > 1) throw new CamtFormatError(`${where}: Mehrere Transaktionen ohne Betrag; die Datei lässt sich nicht aufteilen.`);
  if (missing === 1 && known > amount.rappen)
    throw new CamtFormatError(`${where}: Die Beträge der Transaktionen übersteigen den Betrag der Buchung.`);

  return details.map((tx, i) => {
    const txAmount = own[i] ?? { rappen: amount.rappen - known, currency: amount.currency };
    const refs = node(tx.Refs);
    const parties = node(tx.RltdPties);
    const debtor = node(parties?.Dbtr);
    const debtorName =
      str(node(debtor?.Pty)?.Nm) || str(debtor?.Nm) || str(node(parties?.UltmtDbtr)?.Nm) || str(node(node(parties?.UltmtDbtr)?.Pty)?.Nm);
    const accountId = node(node(parties?.DbtrAcct)?.Id);
    const debtorAccount = (str(accountId?.IBAN) || str(node(accountId?.Othr)?.Id)).replace(/\s+/g, '').toUpperCase();
    const written = structuredReference(tx);
    const reference = normalizeReference(written);
    return {
      ...base,
      creditDebit: readCreditDebit(tx.CdtDbtInd, where) ?? creditDebit,
      amountRappen: txAmount.rappen,
      currency: txAmount.currency,
      reference,
      referenceType: reference ? classifyReference(reference) : null,
      debtorName,
      debtorAccount,
      uetr: str(refs?.UETR).toLowerCase() || null,
      txAcctSvcrRef: str(refs?.AcctSvcrRef) || null,
      rawXml: rawFits ? rawDetails[i]! : (builder.build({ TxDtls: tx }) as string),
    };
  });
}

/** RmtInf/Strd/CdtrRefInf/Ref: the first structured reference of the transaction. */
function structuredReference(tx: Node): string {
  for (const strd of arr(node(tx.RmtInf)?.Strd)) {
    const ref = str(node(strd.CdtrRefInf)?.Ref);
    if (ref) return ref;
  }
  return '';
}

/**
 * The key that books a bank line once, whatever file it comes in: its UETR where the file has
 * one, else the entry's and the transaction's AcctSvcrRef together, else a hash of reference,
 * amount, date and debtor account (the n-th identical line of one file gets `#n`, so two equal
 * payments in one file stay two, and the same file read twice gives the same keys). Debits,
 * reversals and entries not yet booked get their own suffix: the reversal of a payment shares
 * its UETR, and a pending line must not block the booked one that follows in a later file.
 */
function dedupeKeys(lines: Omit<CamtTransaction, 'dedupeKey'>[]): CamtTransaction[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const kind = `${line.creditDebit}${line.reversal ? '-RVSL' : ''}${line.status === 'BOOK' ? '' : `-${line.status || 'NOSTS'}`}`;
    let dedupeKey: string;
    if (line.uetr) dedupeKey = `camt:uetr:${line.uetr}:${kind}`;
    else if (line.entryAcctSvcrRef && line.txAcctSvcrRef) dedupeKey = `camt:ref:${line.entryAcctSvcrRef}|${line.txAcctSvcrRef}:${kind}`;
    else {
      const hash = createHash('sha256')
        .update([line.reference, line.amountRappen, line.currency, line.bookingDate, line.debtorAccount, kind].join('|'))
        .digest('hex');
      const n = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, n);
      dedupeKey = `camt:hash:${hash}#${n}`;
    }
    return { ...line, dedupeKey };
  });
}

/** `<Amt Ccy="CHF">50.00</Amt>` → Rappen and currency; undefined when absent. */
function readAmount(value: unknown, where: string): { rappen: number; currency: string } | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = node(value);
  const text = typeof value === 'string' ? value : str(n?.['#text']);
  const currency = (str(n?.['@_Ccy']) || 'CHF').toUpperCase();
  const m = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!m || (m[2] && /[1-9]/.test(m[2].slice(2)))) throw new CamtFormatError(`${where}: Der Betrag «${text}» ist kein gültiger Betrag.`);
  const rappen = Number(m[1]) * 100 + Number((m[2] ?? '').slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(rappen)) throw new CamtFormatError(`${where}: Der Betrag «${text}» ist zu gross.`);
  return { rappen, currency };
}

function readCreditDebit(value: unknown, where: string): 'CRDT' | 'DBIT' | undefined {
  const v = str(value).toUpperCase();
  if (!v) return undefined;
  if (v !== 'CRDT' && v !== 'DBIT') throw new CamtFormatError(`${where}: Soll/Haben «${v}» ist weder CRDT noch DBIT.`);
  return v;
}

/** `<BookgDt><Dt>2027-06-03</Dt></BookgDt>` or `<DtTm>2027-06-03T10:00:00+02:00</DtTm>` → the date as written. */
function readDate(value: unknown): string | undefined {
  const n = node(value);
  const raw = str(n?.Dt) || str(n?.DtTm);
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(raw);
  if (!m) return undefined;
  return Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`)) ? undefined : m[1];
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
  return list.map((v) => node(v) ?? {});
}

function str(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const n = node(value);
  if (n && typeof n['#text'] === 'string') return n['#text'].trim();
  return '';
}
