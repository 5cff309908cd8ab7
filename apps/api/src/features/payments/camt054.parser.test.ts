import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CamtFormatError, parseCamt054 } from './camt054.parser.ts';
import { camt054, type CamtEntrySpec } from './payments.test-support.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseCamt054', () => {
  describe('camt.054.001.04 with QR references (fixtures/camt054-v04-qrr.xml)', () => {
    const file = parseCamt054(fixture('camt054-v04-qrr.xml'));

    it('reads the message id, the version and every entry', () => {
      expect(file.msgId).toBe('ZKB-20270604-QRR-0001');
      expect(file.version).toBe('camt.054.001.04');
      expect(file.entries).toBe(5);
      expect(file.transactions).toHaveLength(8);
    });

    it('splits the batch booking into its three transactions with their own amounts', () => {
      const batch = file.transactions.filter((t) => t.entryIndex === 0);
      expect(batch.map((t) => [t.amountRappen, t.reference, t.referenceType, t.debtorName])).toEqual([
        [5000, '000000000002027000120000427', 'QRR', 'Martina Muster'],
        [12000, '000000000002027000130000432', 'QRR', 'Lara Huber'],
        [5000, '000000000002027000140000446', 'QRR', 'Nico Keller'],
      ]);
      expect(batch.every((t) => t.creditDebit === 'CRDT' && !t.reversal && t.status === 'BOOK' && t.bookingDate === '2027-06-03')).toBe(
        true,
      );
      expect(batch[0]!.debtorAccount).toBe('CH9300762011623852957');
    });

    it("keeps each transaction's XML as it stood in the file", () => {
      const first = file.transactions[0]!;
      expect(first.rawXml.startsWith('<TxDtls>')).toBe(true);
      expect(first.rawXml.endsWith('</TxDtls>')).toBe(true);
      expect(first.rawXml).toContain('<AcctSvcrRef>20270603QRR000001</AcctSvcrRef>');
      expect(first.rawXml).toContain('Mitgliederbeitrag 2027/28, Rechnung 2027-00012');
      // the debit has no TxDtls: its entry is kept
      const fees = file.transactions.find((t) => t.entryIndex === 2)!;
      expect(fees.rawXml).toMatch(/^<Ntry>[\s\S]*Kontoführungsgebühr Mai 2027[\s\S]*<\/Ntry>$/);
    });

    it('gives a TxDtls without Amt the amount of its entry', () => {
      const single = file.transactions.find((t) => t.entryIndex === 1)!;
      expect(single.amountRappen).toBe(3000);
      expect(single.reference).toBe('000000000002027000150000455');
    });

    it('reads debits and reversals as such', () => {
      const fees = file.transactions.find((t) => t.entryIndex === 2)!;
      expect(fees).toMatchObject({ creditDebit: 'DBIT', reversal: false, amountRappen: 1250, reference: '' });
      const reversal = file.transactions.find((t) => t.entryIndex === 3)!;
      expect(reversal).toMatchObject({ creditDebit: 'DBIT', reversal: true, reference: '000000000002027000160000468' });
    });

    it('classifies a reference by its check digit, not by the type field of the file', () => {
      const wrongDigit = file.transactions.find((t) => t.reference === '000000000002027000120000428')!;
      expect(wrongDigit.referenceType).toBeNull();
    });

    it('identifies lines by both AcctSvcrRefs where there are, else by a hash', () => {
      expect(file.transactions[0]!.dedupeKey).toBe('camt:ref:20270603BATCH0001|20270603QRR000001:CRDT');
      const hashed = file.transactions.filter((t) => t.entryIndex === 4);
      expect(hashed.map((t) => t.dedupeKey)).toEqual([
        expect.stringMatching(/^camt:hash:[0-9a-f]{64}#1$/),
        expect.stringMatching(/^camt:hash:[0-9a-f]{64}#1$/),
      ]);
      expect(new Set(file.transactions.map((t) => t.dedupeKey)).size).toBe(file.transactions.length);
    });

    it('gives the same keys when read again', () => {
      expect(parseCamt054(fixture('camt054-v04-qrr.xml')).transactions.map((t) => t.dedupeKey)).toEqual(
        file.transactions.map((t) => t.dedupeKey),
      );
    });
  });

  describe('camt.054.001.08 with creditor references (fixtures/camt054-v08-scor.xml)', () => {
    const file = parseCamt054(fixture('camt054-v08-scor.xml'));

    it('reads <Sts><Cd>BOOK</Cd></Sts>, Dbtr/Pty/Nm and the UETR', () => {
      expect(file.version).toBe('camt.054.001.08');
      expect(file.entries).toBe(5);
      const [first, second] = file.transactions;
      expect(first).toMatchObject({
        status: 'BOOK',
        debtorName: 'Elena Marjanović',
        debtorAccount: 'CH9300762011623852957',
        reference: 'RF69202700021',
        referenceType: 'SCOR',
        uetr: '8a562c67-ca16-48ba-b074-65581be6f011',
        amountRappen: 5000,
      });
      expect(first!.dedupeKey).toBe('camt:uetr:8a562c67-ca16-48ba-b074-65581be6f011:CRDT');
      expect(second).toMatchObject({ reference: 'RF42202700022', amountRappen: 12000, debtorName: 'Jonas Frei' });
    });

    it('takes the date of a booking timestamp and classifies an RF reference the file calls QRR as SCOR', () => {
      const t = file.transactions.find((x) => x.entryIndex === 1)!;
      expect(t).toMatchObject({ bookingDate: '2027-06-04', reference: 'RF15202700023', referenceType: 'SCOR' });
    });

    it('marks pending entries and reversals apart, so they never block the booked payment', () => {
      const pending = file.transactions.find((x) => x.entryIndex === 3)!;
      expect(pending.status).toBe('PDNG');
      expect(pending.dedupeKey).toBe('camt:uetr:c3a4f7e2-9b1d-4f6a-8e2c-5d7b9a1c3e4f:CRDT-PDNG');
      const reversal = file.transactions.find((x) => x.entryIndex === 4)!;
      expect(reversal).toMatchObject({ creditDebit: 'CRDT', reversal: true });
      expect(reversal.dedupeKey).toBe('camt:uetr:8a562c67-ca16-48ba-b074-65581be6f011:CRDT-RVSL');
    });
  });

  describe('the demo file of the repository (docs/demo/camt054-demo.xml)', () => {
    it('is a .08 file with a batch of three QR payments, an unknown RF reference and a debit', () => {
      const file = parseCamt054(readFileSync(new URL('../../../../../docs/demo/camt054-demo.xml', import.meta.url), 'utf8'));
      expect(file).toMatchObject({ msgId: 'DEMO-2026-CAMT054-0001', version: 'camt.054.001.08', entries: 3 });
      expect(file.transactions.map((t) => [t.creditDebit, t.amountRappen, t.referenceType])).toEqual([
        ['CRDT', 5000, 'QRR'],
        ['CRDT', 5000, 'QRR'],
        ['CRDT', 5000, 'QRR'],
        ['CRDT', 2000, 'SCOR'],
        ['DBIT', 500, null],
      ]);
    });
  });

  describe('built files', () => {
    it('reads a namespace prefix on every element', () => {
      const xml = camt054({ version: '04', entries: [{ amount: '50.00', reference: 'RF69202700021' }] })
        .replace(/<(\/?)([A-Z])/g, '<$1c:$2')
        .replace('xmlns=', 'xmlns:c=');
      const file = parseCamt054(xml);
      expect(file.transactions).toHaveLength(1);
      expect(file.transactions[0]!.rawXml.startsWith('<c:TxDtls>')).toBe(true);
    });

    it('takes what the entry leaves for the one TxDtls of a batch without Amt', () => {
      const entry: CamtEntrySpec = {
        amount: '80.00',
        transactions: [
          { amount: '50.00', reference: 'RF69202700021' },
          { amount: null, reference: 'RF42202700022' },
        ],
      };
      const file = parseCamt054(camt054({ entries: [entry] }));
      expect(file.transactions.map((t) => t.amountRappen)).toEqual([5000, 3000]);
    });

    it('counts identical lines without bank references apart', () => {
      const line = { amount: '50.00', reference: 'RF69202700021', accountRefs: false };
      const file = parseCamt054(camt054({ entries: [line, line] }));
      expect(file.transactions.map((t) => t.dedupeKey.slice(-2))).toEqual(['#1', '#2']);
    });

    it('reads amounts exactly, without floating point', () => {
      const file = parseCamt054(camt054({ entries: [{ amount: '1234567.89' }, { amount: '0.1' }, { amount: '19.990' }] }));
      expect(file.transactions.map((t) => t.amountRappen)).toEqual([123456789, 10, 1999]);
    });
  });

  describe('refuses with a German message', () => {
    const refusals: [string, string, RegExp][] = [
      ['an empty file', '  ', /leer/],
      ['a truncated download', fixture('camt054-truncated.xml'), /kein gültiges XML/],
      ['a camt.053 statement', fixture('camt053-foreign.xml'), /keine camt\.054-Datei, sondern camt\.053/],
      ['foreign XML', '<?xml version="1.0"?><order><id>1</id></order>', /keine camt\.054-Datei/],
      ['JSON', '{"a": 1}', /kein gültiges XML|keine camt/],
      ['a DOCTYPE with entities', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Document/>', /DOCTYPE/],
      ['no message id', camt054({ entries: [] }).replace(/<MsgId>[^<]*<\/MsgId>/, ''), /MsgId/],
      ['an amount with Rappen fractions', camt054({ entries: [{ amount: '10.005' }] }), /kein gültiger Betrag/],
      ['a negative amount', camt054({ entries: [{ amount: '-10.00' }] }), /kein gültiger Betrag/],
      ['an entry without CdtDbtInd', camt054({ entries: [{ amount: '10.00' }] }).replace(/<CdtDbtInd>CRDT<\/CdtDbtInd>/g, ''), /CdtDbtInd/],
      [
        'an entry without booking date',
        camt054({ entries: [{ amount: '10.00' }] })
          .replace(/<BookgDt>[\s\S]*?<\/BookgDt>/, '')
          .replace(/<ValDt>[\s\S]*?<\/ValDt>/, ''),
        /Buchungsdatum/,
      ],
      [
        'two TxDtls without Amt in one entry',
        camt054({ entries: [{ amount: '10.00', transactions: [{ amount: null }, { amount: null }] }] }),
        /Mehrere Transaktionen ohne Betrag/,
      ],
    ];
    for (const [what, xml, message] of refusals) {
      it(what, () => {
        expect(() => parseCamt054(xml)).toThrow(CamtFormatError);
        expect(() => parseCamt054(xml)).toThrow(message);
      });
    }
  });
});
