import escapeHtml from 'escape-html';
import { chf } from './camt.parser.ts';

/**
 * Writes camt.054 notifications and camt.053 statements (.001.04 or .001.08) as a Swiss bank
 * would: for the demo command that pays open invoices, the measurement in bench/ and the tests.
 * Pure: a description in, XML out.
 */

export { chf };

export interface CamtTxSpec {
  /** `50.00`; null: the TxDtls carries no Amt (it takes the entry's) */
  amount?: string | null;
  reference?: string;
  /** QRR or SCOR in the type field; default: SCOR for `RF…`, else QRR */
  referenceType?: string;
  debtorName?: string;
  debtorIban?: string;
  uetr?: string;
  acctSvcrRef?: string;
  endToEndId?: string;
  instrId?: string;
  /** unstructured message (Ustrd) */
  message?: string;
  creditDebit?: 'CRDT' | 'DBIT';
  /** the Ccy of the transaction's Amt (default: the entry's); null: none */
  currency?: string | null;
}

export interface CamtEntrySpec extends Omit<CamtTxSpec, 'amount'> {
  amount: string;
  reversal?: boolean;
  /** BOOK (default), PDNG … */
  status?: string;
  /** YYYY-MM-DD; null: neither BookgDt nor ValDt */
  bookingDate?: string | null;
  /** the Ccy of the entry's Amt (default CHF); null: none */
  currency?: string | null;
  /** false: neither the entry nor its transactions carry an AcctSvcrRef (default: both do) */
  accountRefs?: boolean;
  /** the TxDtls; absent: one, from the entry's own fields; []: none */
  transactions?: CamtTxSpec[];
}

export interface CamtFileSpec {
  /** camt.054 notification (default) or camt.053 statement */
  message?: '053' | '054';
  version?: '04' | '08';
  msgId?: string;
  /** the club's account */
  iban?: string;
  /** GrpHdr/CreDtTm */
  createdAt?: string;
  entries: CamtEntrySpec[];
}

/** Text and attribute values: escape-html's five entities (`&#39;` for the apostrophe) are valid XML as well. */
const esc = escapeHtml;

const amt = (amount: string, currency: string | null | undefined) =>
  currency === null ? `<Amt>${amount}</Amt>` : `<Amt Ccy="${esc(currency ?? 'CHF')}">${amount}</Amt>`;

export function buildCamt(spec: CamtFileSpec): string {
  const message = spec.message ?? '054';
  const version = spec.version ?? '08';
  const msgId = spec.msgId ?? `CAMT-${Date.now()}`;
  const createdAt = spec.createdAt ?? new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const [root, container] = message === '053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${message}.001.${version}">`);
  out.push(`<${root}>`);
  out.push(
    `<GrpHdr><MsgId>${esc(msgId)}</MsgId><CreDtTm>${createdAt}</CreDtTm><MsgPgntn><PgNb>1</PgNb><LastPgInd>true</LastPgInd></MsgPgntn></GrpHdr>`,
  );
  out.push(`<${container}><Id>${esc(msgId)}-1</Id><CreDtTm>${createdAt}</CreDtTm>`);
  out.push(`<Acct><Id><IBAN>${spec.iban ?? 'CH4431999123000889012'}</IBAN></Id><Ccy>CHF</Ccy></Acct>`);
  spec.entries.forEach((entry, i) => out.push(writeEntry(entry, i + 1, msgId, version)));
  out.push(`</${container}>`);
  out.push(`</${root}>`);
  out.push('</Document>');
  return `${out.join('\n')}\n`;
}

function writeEntry(entry: CamtEntrySpec, n: number, msgId: string, version: '04' | '08'): string {
  const cdi = entry.creditDebit ?? 'CRDT';
  const date = entry.bookingDate === undefined ? '2027-06-03' : entry.bookingDate;
  const refs = entry.accountRefs ?? true;
  const status = entry.status ?? 'BOOK';
  const entryRef = entry.acctSvcrRef ?? (refs ? `${msgId}-E${n}` : undefined);
  const { acctSvcrRef: _entryRef, transactions, currency: entryCurrency, ...own } = entry;
  const txs: CamtTxSpec[] = transactions ?? [own];
  const parts = [
    '<Ntry>',
    amt(entry.amount, entryCurrency),
    `<CdtDbtInd>${cdi}</CdtDbtInd>`,
    entry.reversal ? '<RvslInd>true</RvslInd>' : '',
    version === '04' ? `<Sts>${status}</Sts>` : `<Sts><Cd>${status}</Cd></Sts>`,
    date ? `<BookgDt><Dt>${date}</Dt></BookgDt>` : '',
    date ? `<ValDt><Dt>${date}</Dt></ValDt>` : '',
    entryRef ? `<AcctSvcrRef>${esc(entryRef)}</AcctSvcrRef>` : '',
    '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>',
  ];
  if (txs.length) {
    parts.push('<NtryDtls>');
    if (txs.length > 1) parts.push(`<Btch><NbOfTxs>${txs.length}</NbOfTxs></Btch>`);
    txs.forEach((tx, j) =>
      parts.push(
        writeTx({ currency: entryCurrency, ...tx }, cdi, refs ? (tx.acctSvcrRef ?? `${msgId}-E${n}-T${j + 1}`) : tx.acctSvcrRef, version),
      ),
    );
    parts.push('</NtryDtls>');
  }
  parts.push('</Ntry>');
  return parts.filter(Boolean).join('');
}

function writeTx(tx: CamtTxSpec, entryCdi: string, acctSvcrRef: string | undefined, version: '04' | '08'): string {
  const name = tx.debtorName ? `<Nm>${esc(tx.debtorName)}</Nm>` : '';
  const debtor = name ? (version === '04' ? `<Dbtr>${name}</Dbtr>` : `<Dbtr><Pty>${name}</Pty></Dbtr>`) : '';
  const account = tx.debtorIban ? `<DbtrAcct><Id><IBAN>${tx.debtorIban}</IBAN></Id></DbtrAcct>` : '';
  const type = tx.referenceType ?? (tx.reference?.toUpperCase().startsWith('RF') ? 'SCOR' : 'QRR');
  const typeXml = type === 'SCOR' ? '<Cd>SCOR</Cd>' : `<Prtry>${esc(type)}</Prtry>`;
  const refs = [
    acctSvcrRef ? `<AcctSvcrRef>${esc(acctSvcrRef)}</AcctSvcrRef>` : '',
    tx.instrId ? `<InstrId>${esc(tx.instrId)}</InstrId>` : '',
    tx.endToEndId ? `<EndToEndId>${esc(tx.endToEndId)}</EndToEndId>` : '',
    tx.uetr && version === '08' ? `<UETR>${tx.uetr}</UETR>` : '',
  ].join('');
  const refsXml = refs ? `<Refs>${refs}</Refs>` : '';
  const remittance = [
    tx.message ? `<Ustrd>${esc(tx.message)}</Ustrd>` : '',
    tx.reference ? `<Strd><CdtrRefInf><Tp><CdOrPrtry>${typeXml}</CdOrPrtry></Tp><Ref>${esc(tx.reference)}</Ref></CdtrRefInf></Strd>` : '',
  ].join('');
  return [
    '<TxDtls>',
    refsXml,
    tx.amount ? amt(tx.amount, tx.currency) : '',
    `<CdtDbtInd>${tx.creditDebit ?? entryCdi}</CdtDbtInd>`,
    debtor || account ? `<RltdPties>${debtor}${account}</RltdPties>` : '',
    remittance ? `<RmtInf>${remittance}</RmtInf>` : '',
    '</TxDtls>',
  ].join('');
}

export interface InvoiceToPay {
  reference: string;
  openRappen: number;
  debtorName: string;
}

/**
 * A bank file that pays the given invoices in one batch booking (as banks book QR-bill
 * payments), plus a payment with a reference that matches nothing and the account fees (a
 * debit), so the import shows each of its lists. For the demo and the measurement.
 */
export function camtPayingInvoices(
  invoices: readonly InvoiceToPay[],
  options: { msgId: string; bookingDate: string; iban?: string },
): string {
  const total = invoices.reduce((sum, i) => sum + i.openRappen, 0);
  const entries: CamtEntrySpec[] = [];
  if (invoices.length) {
    entries.push({
      amount: chf(total),
      bookingDate: options.bookingDate,
      transactions: invoices.map((i) => ({ amount: chf(i.openRappen), reference: i.reference, debtorName: i.debtorName })),
    });
  }
  entries.push({ amount: '20.00', bookingDate: options.bookingDate, reference: 'RF18539007547034', debtorName: 'Unbekannte Einzahlerin' });
  entries.push({ amount: '5.00', creditDebit: 'DBIT', bookingDate: options.bookingDate, transactions: [] });
  return buildCamt({ version: '08', msgId: options.msgId, ...(options.iban ? { iban: options.iban } : {}), entries });
}
