import { describe, expect, it } from 'vitest';
import type { CamtLine } from './camt.parser.ts';
import {
  bookPayment,
  checkAllocations,
  contentHash,
  identify,
  identifyFile,
  identityKeys,
  legacyKeys,
  keysOfFile,
  mentionsNumber,
  nameFit,
  nameWords,
  needsDecision,
  invoiceSuggester,
  suggestInvoices,
  unbookPayment,
  whyNotBookable,
  whyNotPayable,
  type InvoiceState,
  type KnownLine,
  type OpenInvoiceCandidate,
  type UnmatchedCredit,
} from './payments.rules.ts';

const open = (totalRappen: number, paidRappen = 0): InvoiceState => ({ status: 'OPEN', totalRappen, paidRappen, paidAt: null });

describe('bookPayment', () => {
  it("when the payment settles the open amount exactly, then the invoice is paid on the payment's date", () => {
    expect(bookPayment(open(5000), 5000, '2027-06-03')).toEqual({
      outcome: 'MATCHED',
      booked: true,
      state: { status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-06-03' },
      note: '',
    });
    expect(bookPayment(open(5000, 2000), 3000, '2027-06-04').state).toMatchObject({
      status: 'PAID',
      paidRappen: 5000,
      paidAt: '2027-06-04',
    });
  });

  it('when it pays less, then it is booked, the invoice stays open and the rest is named', () => {
    const b = bookPayment(open(5000), 2000, '2027-06-03');
    expect(b).toMatchObject({ outcome: 'AMOUNT_DIFFERS', booked: true, state: { status: 'OPEN', paidRappen: 2000, paidAt: null } });
    expect(b.note).toBe('Teilzahlung: CHF\u00a020.00 von CHF\u00a050.00 bezahlt, CHF\u00a030.00 noch offen.');
  });

  it('when it pays more, then the invoice is settled and the surplus is listed', () => {
    const b = bookPayment(open(5000), 5050, '2027-06-03');
    expect(b).toMatchObject({ outcome: 'AMOUNT_DIFFERS', booked: true, state: { status: 'PAID', paidRappen: 5050, paidAt: '2027-06-03' } });
    expect(b.note).toMatch(/Überzahlung: CHF\u00a00\.50/);
  });

  it('when the invoice is paid or cancelled, then nothing is booked', () => {
    const paid: InvoiceState = { status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-05-01' };
    expect(bookPayment(paid, 5000, '2027-06-03')).toEqual({
      outcome: 'ALREADY_PAID',
      booked: false,
      state: paid,
      note: expect.stringMatching(/schon bezahlt/),
    });
    const cancelled: InvoiceState = { status: 'CANCELLED', totalRappen: 5000, paidRappen: 0, paidAt: null };
    expect(bookPayment(cancelled, 5000, '2027-06-03')).toMatchObject({
      outcome: 'ALREADY_PAID',
      booked: false,
      state: cancelled,
      note: expect.stringMatching(/storniert/),
    });
  });
});

const CLUB = 'CH4431999123000889012';

function line(over: Partial<CamtLine> = {}): CamtLine {
  return {
    entryIndex: 0,
    txIndex: 0,
    txCount: 1,
    account: CLUB,
    direction: 'CRDT',
    reversal: false,
    status: 'BOOK',
    amountRappen: 5000,
    currency: 'CHF',
    bookingDate: '2027-06-03',
    reference: 'RF18539007547034',
    referenceType: 'SCOR',
    message: '',
    debtorName: '',
    debtorAccount: '',
    ids: { uetr: null, entryRef: null, txRef: null, endToEndId: null, instrId: null },
    notes: [],
    listed: null,
    rawXml: '',
    ...over,
  };
}

describe('whyNotPayable', () => {
  it("lets a credit of the club's account with a valid reference through", () => {
    expect(whyNotPayable(line(), [CLUB])).toBeNull();
  });

  it.each([
    [{ listed: { reason: 'DEBIT' as const, note: 'Belastung: keine Zahlung.' } }, 'NOT_A_PAYMENT', /Belastung/],
    [{ account: 'CH9300762011623852957' }, 'NOT_A_PAYMENT', /Konto CH9300762011623852957, nicht einem Konto des Vereins/],
    [{ account: '' }, 'NOT_A_PAYMENT', /ohne IBAN/],
    [{ reference: '', referenceType: null }, 'UNKNOWN_REFERENCE', /Ohne strukturierte Referenz/],
    [{ reference: 'RF19539007547034', referenceType: null }, 'UNKNOWN_REFERENCE', /Prüfziffer/],
  ])('refuses %o', (over, outcome, note) => {
    expect(whyNotPayable(line(over), [CLUB])).toEqual({ outcome, note: expect.stringMatching(note) });
  });

  it('takes each account of CLUB_IBAN (QR-IBAN and IBAN of the same account)', () => {
    expect(whyNotPayable(line({ account: 'CH9300762011623852957' }), [CLUB, 'CH9300762011623852957'])).toBeNull();
  });
});

describe('identity of bank lines', () => {
  const ids = (over: Partial<CamtLine['ids']>) => ({ uetr: null, entryRef: null, txRef: null, endToEndId: null, instrId: null, ...over });

  it("keys a line by the bank's own identifiers only, with the kind of booking", () => {
    const keys = identityKeys(
      line({ debtorAccount: 'CH93', ids: ids({ uetr: 'u-1', entryRef: 'E', txRef: 'T', endToEndId: 'e2e', instrId: 'i' }) }),
      1,
    );
    expect(keys).toEqual(['camt:uetr:u-1:CRDT', 'camt:ref:E|T:CRDT', 'camt:txref:T:CRDT']);
    // the entry's reference with the line's place only where the transaction has none
    expect(identityKeys(line({ ids: ids({ entryRef: 'E' }), txIndex: 1, txCount: 3 }), 1)).toEqual(['camt:entry:E#2:CRDT']);
    expect(identityKeys(line({ ids: ids({ entryRef: 'E', endToEndId: 'e2e' }) }), 1)).toEqual(['camt:entry:E:CRDT']);
    expect(identityKeys(line({ status: 'PDNG', ids: ids({ uetr: 'u-1' }) }), 1)).toEqual(['camt:uetr:u-1:CRDT-PDNG']);
    expect(identityKeys(line({ direction: 'DBIT', reversal: true, ids: ids({ uetr: 'u-1' }) }), 1)).toEqual(['camt:uetr:u-1:DBIT-RVSL']);
  });

  it('hashes a line without identifiers, counting equal lines of one file apart', () => {
    expect(keysOfFile([line(), line(), line({ amountRappen: 100 })]).map((k) => k[0]!.slice(-2))).toEqual(['#1', '#2', '#1']);
  });

  it("counts the payer's identifiers only inside the hash of a line without bank identifiers", () => {
    const plain = identityKeys(line(), 1)[0]!;
    const withE2e = identityKeys(line({ ids: ids({ endToEndId: 'e2e' }) }), 1)[0]!;
    expect(withE2e).toMatch(/^camt:hash:[0-9a-f]{64}#1$/);
    expect(withE2e).not.toBe(plain);
    expect(identityKeys(line({ ids: ids({ endToEndId: 'other' }) }), 1)[0]).not.toBe(withE2e);
    // a line without the payer's ids hashes as earlier imports did
    expect(plain).toBe(`camt:hash:${contentHash(line())}#1`);
    expect(legacyKeys(line({ debtorAccount: 'CH93', ids: ids({ endToEndId: 'e2e' }) }))).toEqual(['camt:e2e:CH93/e2e:CRDT']);
    expect(legacyKeys(line({ ids: ids({ endToEndId: 'e2e', txRef: 'T' }) }))).toEqual([]);
  });

  it('same EndToEndId and debtor account, different AcctSvcrRef: two payments, also against the lines of an earlier import', () => {
    const a = line({ debtorAccount: 'CH93', ids: ids({ txRef: 'T1', endToEndId: 'SAME-E2E', instrId: 'I' }) });
    const b = line({ debtorAccount: 'CH93', ids: ids({ txRef: 'T2', endToEndId: 'SAME-E2E', instrId: 'I' }) });
    const [ka, kb] = keysOfFile([a, b]);
    expect(ka!.some((k) => kb!.includes(k))).toBe(false);
    // the first stored by an earlier import (with the payer's ids of the old format): the second is new, not a conflict
    const stored = [...ka!, 'camt:e2e:CH93/SAME-E2E:CRDT', 'camt:instr:CH93/I:CRDT'].map((key) => known(key, 7));
    expect(identifyFile([a, b], [ka!, kb!], [legacyKeys(a), legacyKeys(b)], stored)).toEqual([
      { kind: 'SAME', paymentId: 7 },
      { kind: 'NEW' },
    ]);
    // another day, another amount: still a payment of its own
    const c = line({
      debtorAccount: 'CH93',
      amountRappen: 2500,
      bookingDate: '2027-06-04',
      ids: ids({ txRef: 'T3', endToEndId: 'SAME-E2E' }),
    });
    expect(identifyFile([c], keysOfFile([c]), [legacyKeys(c)], stored)).toEqual([{ kind: 'NEW' }]);
  });

  it('the .04 and .08 notification of one payment (the .08 adds the UETR): one payment', () => {
    const v04 = line({ ids: ids({ entryRef: 'E', txRef: 'T', endToEndId: 'e2e' }) });
    const v08 = line({ ids: ids({ entryRef: 'E', txRef: 'T', endToEndId: 'e2e', uetr: 'b009c997-97b3-4a9c-803c-d645a7276bf0' }) });
    const stored = keysOfFile([v04])[0]!.map((key) => known(key, 3));
    expect(identifyFile([v08], keysOfFile([v08]), [legacyKeys(v08)], stored)).toEqual([{ kind: 'SAME', paymentId: 3 }]);
  });

  it('a line without bank identifiers stored by an earlier import under its EndToEndId is recognised once, never a conflict', () => {
    const a = line({ debtorAccount: 'CH93', ids: ids({ endToEndId: 'E2E' }) });
    const stored = [known('camt:e2e:CH93/E2E:CRDT', 5)];
    const keys = keysOfFile([a, a]);
    expect(identifyFile([a, a], keys, [legacyKeys(a), legacyKeys(a)], stored)).toEqual([{ kind: 'SAME', paymentId: 5 }, { kind: 'NEW' }]);
    const other = line({ debtorAccount: 'CH93', amountRappen: 100, ids: ids({ endToEndId: 'E2E' }) });
    expect(identifyFile([other], keysOfFile([other]), [legacyKeys(other)], stored)).toEqual([{ kind: 'NEW' }]);
  });

  function known(key: string, paymentId: number, amountRappen = 5000, bookingDate: string | null = '2027-06-03'): KnownLine {
    return { key, paymentId, amountRappen, bookingDate };
  }

  it('is the same line when any identifier matches and amount and date agree', () => {
    expect(identify(line(), ['a', 'b'], [known('b', 7)])).toEqual({ kind: 'SAME', paymentId: 7 });
    expect(identify(line(), ['a'], [known('x', 7)])).toEqual({ kind: 'NEW' });
  });

  it('is a conflict when an identifier matches a line of another amount or date', () => {
    expect(identify(line(), ['a'], [known('a', 7, 4000)])).toEqual({ kind: 'CONFLICT', paymentId: 7 });
    expect(identify(line(), ['a'], [known('a', 7, 5000, '2027-06-04')])).toEqual({ kind: 'CONFLICT', paymentId: 7 });
  });

  it('prefers an agreeing line over a conflicting one (a conflict listed earlier is itself known)', () => {
    expect(identify(line(), ['a'], [known('a', 7, 4000), known('a', 9)])).toEqual({ kind: 'SAME', paymentId: 9 });
  });
});

describe('suggestions for credits without a usable reference', () => {
  const invoice = (over: Partial<OpenInvoiceCandidate>): OpenInvoiceCandidate => ({
    id: 1,
    number: '2027-00012',
    debtorName: 'Martina Muster',
    memberName: 'Martina Muster',
    totalRappen: 5000,
    paidRappen: 0,
    invoiceDate: '2027-05-01',
    ...over,
  });
  const credit = (over: Partial<UnmatchedCredit> = {}): UnmatchedCredit => ({
    debtorName: 'MUSTER MARTINA',
    amountRappen: 5000,
    message: '',
    reference: '',
    ...over,
  });

  it('compares names without case, accents or order', () => {
    expect(nameWords('Zoë Müller-Lüdenscheidt')).toEqual(['zoe', 'muller', 'ludenscheidt']);
    expect(nameFit('MUELLER ZOE', ['Zoë Müller'])).toBe(0.5);
    expect(nameFit('Müller Zoë', ['Zoë Müller'])).toBe(1);
    expect(nameFit('', ['Zoë Müller'])).toBe(0);
  });

  it('finds the invoice number in a message, in the forms members write it', () => {
    expect(mentionsNumber('Rechnung 2027-00012 Beitrag', '2027-00012')).toBe(true);
    expect(mentionsNumber('RG 202700012', '2027-00012')).toBe(true);
    expect(mentionsNumber('2027 00012', '2027-00012')).toBe(true);
    expect(mentionsNumber('2027-000123', '2027-00012')).toBe(false);
    expect(mentionsNumber('Mitgliederbeitrag', '2027-00012')).toBe(false);
  });

  it('ranks number, then amount and name, best first, at most three', () => {
    const invoices = [
      invoice({ id: 1, debtorName: 'Martina Muster', memberName: 'Martina Muster' }),
      invoice({ id: 2, number: '2027-00013', debtorName: 'Hans Muster', memberName: 'Hans Muster' }),
      invoice({ id: 3, number: '2027-00014', debtorName: 'Lara Huber', memberName: 'Lara Huber', totalRappen: 12000 }),
      invoice({ id: 4, number: '2027-00015', debtorName: 'Nico Keller', memberName: 'Nico Keller' }),
    ];
    expect(suggestInvoices(credit(), invoices)).toEqual([
      { invoiceId: 1, score: 80, reasons: ['Betrag passt', 'Name passt'] },
      { invoiceId: 2, score: 60, reasons: ['Betrag passt', 'Name passt teilweise'] },
    ]);
    expect(suggestInvoices(credit({ debtorName: 'Unbekannt', amountRappen: 777, message: 'Rechnung 2027-00014' }), invoices)).toEqual([
      { invoiceId: 3, score: 60, reasons: ['Rechnungsnummer in der Mitteilung'] },
    ]);
  });

  it('suggests nothing for an amount alone: many members pay the same fee', () => {
    expect(suggestInvoices(credit({ debtorName: 'Firma AG' }), [invoice({ id: 1 }), invoice({ id: 2 })])).toEqual([]);
  });

  it('the indexed suggestions of a review page are those of comparing every open invoice', () => {
    const names = ['Martina Muster', 'Hans Muster', 'Zoë Müller', 'Lara Huber', 'Nico Keller', 'Firma AG', 'Marta Huber-Keller'];
    const invoices = Array.from({ length: 60 }, (_, i) =>
      invoice({
        id: i + 1,
        number: `2027-${String(i + 1).padStart(5, '0')}`,
        debtorName: names[i % names.length]!,
        memberName: names[(i * 3) % names.length]!,
        totalRappen: 5000 + (i % 4) * 1000,
        paidRappen: i % 5 === 0 ? 1000 : 0,
        invoiceDate: `2027-05-${String(1 + (i % 28)).padStart(2, '0')}`,
      }),
    );
    const payers = [...names.map((n) => n.toUpperCase()), 'MUELLER ZOE', 'Unbekannt', ''];
    const messages = ['', 'Beitrag', 'Rechnung 2027-00007', 'RG 202700042 und 2027 00013', '2027-000123', 'Nr. 2027/00031'];
    const suggest = invoiceSuggester(invoices);
    let compared = 0;
    for (const debtorName of payers)
      for (const message of messages)
        for (const amountRappen of [4000, 5000, 6000, 7777]) {
          const c = credit({ debtorName, message, amountRappen });
          expect(suggest(c), `${debtorName} / ${message} / ${amountRappen}`).toEqual(suggestInvoices(c, invoices));
          compared += suggestInvoices(c, invoices).length;
        }
    expect(compared).toBeGreaterThan(100);
  });

  it('takes what is still open on a partly paid invoice, and the full name with another amount', () => {
    const partly = invoice({ id: 5, totalRappen: 5000, paidRappen: 2000 });
    expect(suggestInvoices(credit({ amountRappen: 3000 }), [partly])[0]).toMatchObject({
      invoiceId: 5,
      reasons: ['Betrag passt', 'Name passt'],
    });
    expect(suggestInvoices(credit({ amountRappen: 1 }), [partly])[0]).toMatchObject({ invoiceId: 5, reasons: ['Name passt'] });
  });
});

describe('bank lines the board decides', () => {
  it('lists every booked credit the import did not book cleanly, never debits, reversals or pending lines', () => {
    const l = line();
    for (const outcome of ['UNKNOWN_REFERENCE', 'CONFLICT', 'ALREADY_PAID', 'AMOUNT_DIFFERS', 'NOT_A_PAYMENT'])
      expect(needsDecision(l, outcome)).toBe(true);
    expect(needsDecision(l, 'MATCHED')).toBe(false);
    expect(needsDecision(line({ direction: 'DBIT' }), 'NOT_A_PAYMENT')).toBe(false);
    expect(needsDecision(line({ reversal: true }), 'NOT_A_PAYMENT')).toBe(false);
    expect(needsDecision(line({ status: 'PDNG' }), 'NOT_A_PAYMENT')).toBe(false);
    expect(needsDecision(line({ amountRappen: 0 }), 'NOT_A_PAYMENT')).toBe(false);
  });

  it('books a credit on invoices only in CHF, with a date, and not twice', () => {
    const credit = { outcome: 'UNKNOWN_REFERENCE', invoiceId: null, currency: 'CHF', bookingDate: new Date() };
    expect(whyNotBookable(credit)).toBeNull();
    expect(whyNotBookable({ ...credit, outcome: 'ALREADY_PAID', invoiceId: 4 })).toBeNull();
    expect(whyNotBookable({ ...credit, outcome: 'AMOUNT_DIFFERS', invoiceId: 4 })).toMatch(/schon auf eine Rechnung verbucht/);
    expect(whyNotBookable({ ...credit, currency: 'EUR' })).toMatch(/EUR/);
    expect(whyNotBookable({ ...credit, bookingDate: null })).toMatch(/Buchungsdatum/);
  });

  it('takes a split only when its parts add up to the credit', () => {
    expect(checkAllocations(5000, [{ amountRappen: 3000 }, { amountRappen: 2000 }])).toBeNull();
    expect(checkAllocations(5000, [{ amountRappen: 3000 }, { amountRappen: 1000 }])).toBe(
      'Die Aufteilung ergibt CHF\u00a040.00, die Gutschrift beträgt CHF\u00a050.00: Die Beträge müssen zusammen die Gutschrift ergeben.',
    );
  });

  it('takes a booking off its invoice again unless the invoice was cancelled or carries less', () => {
    expect(unbookPayment({ status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-06-03' }, 5000)).toEqual({
      status: 'OPEN',
      totalRappen: 5000,
      paidRappen: 0,
      paidAt: null,
    });
    expect(unbookPayment({ status: 'PAID', totalRappen: 5000, paidRappen: 7000, paidAt: '2027-06-03' }, 1000)).toMatchObject({
      status: 'PAID',
      paidRappen: 6000,
    });
    expect(unbookPayment({ status: 'CANCELLED', totalRappen: 5000, paidRappen: 0, paidAt: null }, 0)).toBeNull();
    expect(unbookPayment(open(5000, 1000), 2000)).toBeNull();
  });
});
