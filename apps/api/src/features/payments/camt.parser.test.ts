import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAMT_LIMITS, CamtFormatError, parseCamt } from './camt.parser.ts';
import { keysOfFile } from './payments.rules.ts';
import { camt054, type CamtEntrySpec } from './payments.test-support.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseCamt', () => {
  describe('camt.054.001.04 with QR references (fixtures/camt054-v04-qrr.xml)', () => {
    const file = parseCamt(fixture('camt054-v04-qrr.xml'));

    it('reads the message id, the version and every entry', () => {
      expect(file.msgId).toBe('ZKB-20270604-QRR-0001');
      expect(file.version).toBe('camt.054.001.04');
      expect(file.entries).toBe(5);
      expect(file.lines).toHaveLength(8);
      expect(file.accounts).toEqual(['CH4431999123000889012']);
    });

    it('splits the batch booking into its three transactions with their own amounts', () => {
      const batch = file.lines.filter((t) => t.entryIndex === 0);
      expect(batch.map((t) => [t.amountRappen, t.reference, t.referenceType, t.debtorName])).toEqual([
        [5000, '000000000002027000120000427', 'QRR', 'Martina Muster'],
        [12000, '000000000002027000130000432', 'QRR', 'Lara Huber'],
        [5000, '000000000002027000140000446', 'QRR', 'Nico Keller'],
      ]);
      expect(batch.every((t) => t.direction === 'CRDT' && !t.reversal && t.status === 'BOOK' && t.bookingDate === '2027-06-03')).toBe(true);
      expect(batch[0]!.debtorAccount).toBe('CH9300762011623852957');
    });

    it("keeps each transaction's XML as it stood in the file", () => {
      const first = file.lines[0]!;
      expect(first.rawXml.startsWith('<TxDtls>')).toBe(true);
      expect(first.rawXml.endsWith('</TxDtls>')).toBe(true);
      expect(first.rawXml).toContain('<AcctSvcrRef>20270603QRR000001</AcctSvcrRef>');
      expect(first.rawXml).toContain('Mitgliederbeitrag 2027/28, Rechnung 2027-00012');
      // the debit has no TxDtls: its entry is kept
      const fees = file.lines.find((t) => t.entryIndex === 2)!;
      expect(fees.rawXml).toMatch(/^<Ntry>[\s\S]*Kontoführungsgebühr Mai 2027[\s\S]*<\/Ntry>$/);
    });

    it('gives a TxDtls without Amt the amount of its entry', () => {
      const single = file.lines.find((t) => t.entryIndex === 1)!;
      expect(single.amountRappen).toBe(3000);
      expect(single.reference).toBe('000000000002027000150000455');
    });

    it('reads debits and reversals as such', () => {
      const fees = file.lines.find((t) => t.entryIndex === 2)!;
      expect(fees).toMatchObject({ direction: 'DBIT', reversal: false, amountRappen: 1250, reference: '', listed: { reason: 'DEBIT' } });
      const reversal = file.lines.find((t) => t.entryIndex === 3)!;
      expect(reversal).toMatchObject({
        direction: 'DBIT',
        reversal: true,
        reference: '000000000002027000160000468',
        listed: { reason: 'REVERSAL' },
      });
    });

    it('classifies a reference by its check digit, not by the type field of the file', () => {
      const wrongDigit = file.lines.find((t) => t.reference === '000000000002027000120000428')!;
      expect(wrongDigit.referenceType).toBeNull();
    });

    it("identifies lines by the bank's references they carry, else by a hash of what they say", () => {
      const keys = keysOfFile(file.lines);
      expect(keys[0]).toEqual(['camt:ref:20270603BATCH0001|20270603QRR000001:CRDT', 'camt:txref:20270603QRR000001:CRDT']);
      // only the entry carries the bank's reference: the place in the batch tells its lines apart
      expect(keys.filter((_, i) => file.lines[i]!.entryIndex === 4)).toEqual([
        ['camt:entry:20270604BATCH0005#1:CRDT'],
        ['camt:entry:20270604BATCH0005#2:CRDT'],
      ]);
      const bare = keysOfFile(parseCamt(camt054({ entries: [{ amount: '5.00', accountRefs: false }] })).lines);
      expect(bare).toEqual([[expect.stringMatching(/^camt:hash:[0-9a-f]{64}#1$/)]]);
    });

    it('gives the same keys when read again', () => {
      expect(keysOfFile(parseCamt(fixture('camt054-v04-qrr.xml')).lines)).toEqual(keysOfFile(file.lines));
    });
  });

  describe('camt.054.001.08 with creditor references (fixtures/camt054-v08-scor.xml)', () => {
    const file = parseCamt(fixture('camt054-v08-scor.xml'));

    it('reads <Sts><Cd>BOOK</Cd></Sts>, Dbtr/Pty/Nm and the UETR', () => {
      expect(file.version).toBe('camt.054.001.08');
      expect(file.entries).toBe(5);
      const [first, second] = file.lines;
      expect(first).toMatchObject({
        status: 'BOOK',
        debtorName: 'Elena Marjanović',
        debtorAccount: 'CH9300762011623852957',
        reference: 'RF69202700021',
        referenceType: 'SCOR',
        ids: { uetr: '8a562c67-ca16-48ba-b074-65581be6f011' },
        amountRappen: 5000,
        listed: null,
      });
      expect(keysOfFile(file.lines)[0]![0]).toBe('camt:uetr:8a562c67-ca16-48ba-b074-65581be6f011:CRDT');
      expect(second).toMatchObject({ reference: 'RF42202700022', amountRappen: 12000, debtorName: 'Jonas Frei' });
    });

    it('takes the date of a booking timestamp and classifies an RF reference the file calls QRR as SCOR', () => {
      const t = file.lines.find((x) => x.entryIndex === 1)!;
      expect(t).toMatchObject({ bookingDate: '2027-06-04', reference: 'RF15202700023', referenceType: 'SCOR' });
    });

    it('marks pending entries and reversals apart, so they never block the booked payment', () => {
      const pending = file.lines.find((x) => x.entryIndex === 3)!;
      expect(pending).toMatchObject({ status: 'PDNG', listed: { reason: 'NOT_BOOKED' } });
      const keys = keysOfFile(file.lines);
      expect(keys[file.lines.indexOf(pending)]![0]).toBe('camt:uetr:c3a4f7e2-9b1d-4f6a-8e2c-5d7b9a1c3e4f:CRDT-PDNG');
      const reversal = file.lines.find((x) => x.entryIndex === 4)!;
      expect(reversal).toMatchObject({ direction: 'CRDT', reversal: true, listed: { reason: 'REVERSAL' } });
      expect(keys[file.lines.indexOf(reversal)]![0]).toBe('camt:uetr:8a562c67-ca16-48ba-b074-65581be6f011:CRDT-RVSL');
    });
  });

  describe('the demo file of the repository (docs/demo/camt054-demo.xml)', () => {
    it('is a .08 file with a batch of three QR payments, an unknown RF reference and a debit', () => {
      const file = parseCamt(readFileSync(new URL('../../../../../docs/demo/camt054-demo.xml', import.meta.url), 'utf8'));
      expect(file).toMatchObject({ msgId: 'DEMO-2026-CAMT054-0001', version: 'camt.054.001.08', entries: 3 });
      expect(file.lines.map((t) => [t.direction, t.amountRappen, t.referenceType])).toEqual([
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
      const file = parseCamt(xml);
      expect(file.lines).toHaveLength(1);
      expect(file.lines[0]!.rawXml.startsWith('<c:TxDtls>')).toBe(true);
    });

    it('takes what the entry leaves for the one TxDtls of a batch without Amt', () => {
      const entry: CamtEntrySpec = {
        amount: '80.00',
        transactions: [
          { amount: '50.00', reference: 'RF69202700021' },
          { amount: null, reference: 'RF42202700022' },
        ],
      };
      const file = parseCamt(camt054({ entries: [entry] }));
      expect(file.lines.map((t) => t.amountRappen)).toEqual([5000, 3000]);
    });

    it('counts identical lines without bank references apart', () => {
      const line = { amount: '50.00', reference: 'RF69202700021', accountRefs: false };
      const file = parseCamt(camt054({ entries: [line, line] }));
      expect(keysOfFile(file.lines).map((k) => k[0]!.slice(-2))).toEqual(['#1', '#2']);
    });

    it('reads amounts exactly, without floating point', () => {
      const file = parseCamt(camt054({ entries: [{ amount: '1234567.89' }, { amount: '0.1' }, { amount: '19.990' }] }));
      expect(file.lines.map((t) => t.amountRappen)).toEqual([123456789, 10, 1999]);
    });
  });

  it('leaves out a malformed optional identifier with a note on its line and reads the rest of the file', () => {
    const file = parseCamt(
      camt054({
        entries: [
          { amount: '5.00', uetr: '8a562c67-ca16-48ba-b074-65581be6f01' },
          { amount: '6.00', instrId: 'I'.repeat(36), endToEndId: 'E'.repeat(40) },
          { amount: '7.00' },
        ],
      }),
    );
    expect(file.lines).toHaveLength(3);
    expect(file.lines[0]).toMatchObject({ amountRappen: 500, ids: { uetr: null }, listed: null });
    expect(file.lines[0]!.notes).toEqual([expect.stringMatching(/^Die UETR «8a562c67-ca16-48ba-b074-65581be6f01» ist keine gültige UUID/)]);
    expect(file.lines[1]).toMatchObject({ amountRappen: 600, ids: { instrId: null, endToEndId: null } });
    expect(file.lines[1]!.notes).toEqual([
      expect.stringMatching(/^Die EndToEndId «E+…» ist länger als 35 Zeichen und wurde nicht berücksichtigt\.$/),
      expect.stringMatching(/^Die InstrId «I+…» ist länger als 35 Zeichen/),
    ]);
    expect(file.lines[2]!.notes).toEqual([]);
  });

  describe('refuses with a German message', () => {
    const refusals: [string, string, RegExp][] = [
      ['an empty file', '  ', /leer/],
      ['a truncated download', fixture('camt054-truncated.xml'), /kein gültiges XML/],
      ['a camt.053 statement without statements', fixture('camt053-foreign.xml'), /keine Kontoauszüge/],
      ['foreign XML', '<?xml version="1.0"?><order><id>1</id></order>', /Document fehlt/],
      ['JSON', '{"a": 1}', /kein gültiges XML|Document/],
      ['a camt.052 report', camt054({ entries: [] }).replace('camt.054.001.08', 'camt.052.001.08'), /camt\.052/],
      [
        'a made-up version',
        camt054({ entries: [] }).replace('camt.054.001.08', 'camt.054.001.99'),
        /Version camt\.054\.001\.99 wird nicht gelesen; nur camt\.054\.001\.04 und camt\.054\.001\.08/,
      ],
      ['version .02', camt054({ entries: [] }).replace('camt.054.001.08', 'camt.054.001.02'), /nur camt\.054\.001\.04/],
      [
        'another namespace',
        camt054({ entries: [] }).replace('urn:iso:std:iso:20022:tech:xsd:camt.054.001.08', 'urn:evil'),
        /Unbekanntes Format/,
      ],
      [
        'an element of a foreign namespace',
        camt054({ entries: [{ amount: '5.00' }] })
          .replace('<Ntry>', '<e:Ntry xmlns:e="urn:evil">')
          .replace('</Ntry>', '</e:Ntry>'),
        /fremden Namensraum/,
      ],
      [
        'an undeclared prefix',
        camt054({ entries: [{ amount: '5.00' }] })
          .replace('<Ntry>', '<e:Ntry>')
          .replace('</Ntry>', '</e:Ntry>'),
        /Präfix/,
      ],
      [
        'nesting 1,000 levels deep',
        camt054({ entries: [] }).replace('<GrpHdr>', `<GrpHdr>${'<X>'.repeat(1000)}${'</X>'.repeat(1000)}`),
        /verschachtelt/,
      ],
      [
        'a message id of 9 MB',
        camt054({ entries: [] }).replace(/<MsgId>[^<]*<\/MsgId>/, `<MsgId>${'A'.repeat(9_000_000)}</MsgId>`),
        /Nachrichten-ID.*länger als 35/,
      ],
      ['an amount above the limit', camt054({ entries: [{ amount: '21474836.00' }] }), /übersteigt die Grenze/],
      ['an amount of 30 digits', camt054({ entries: [{ amount: '1'.repeat(30) }] }), /kein gültiger Betrag/],
      ['an exponent', camt054({ entries: [{ amount: '1e5' }] }), /kein gültiger Betrag/],
      ['a currency that is no code', camt054({ entries: [{ amount: '5.00', currency: 'CHFX' }] }), /Währungscode/],
      ['a reference of 40 characters', camt054({ entries: [{ amount: '5.00', reference: 'RF'.padEnd(40, '1') }] }), /länger als 35/],
      [
        'too many entries',
        camt054({ entries: Array.from({ length: CAMT_LIMITS.entries + 1 }, () => ({ amount: '1.00', transactions: [] })) }),
        /höchstens 20000/,
      ],
      ['a DOCTYPE with entities', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Document/>', /DOCTYPE/],
      ['no message id', camt054({ entries: [] }).replace(/<MsgId>[^<]*<\/MsgId>/, ''), /MsgId/],
      ['an amount with Rappen fractions', camt054({ entries: [{ amount: '10.005' }] }), /Bruchteile von Rappen/],
      ['a negative amount', camt054({ entries: [{ amount: '-10.00' }] }), /kein gültiger Betrag/],
      ['an entry without CdtDbtInd', camt054({ entries: [{ amount: '10.00' }] }).replace(/<CdtDbtInd>CRDT<\/CdtDbtInd>/g, ''), /CdtDbtInd/],
      ['an entry without status', camt054({ entries: [{ amount: '10.00' }] }).replace(/<Sts>[\s\S]*?<\/Sts>/, ''), /Status/],
    ];
    for (const [what, xml, message] of refusals) {
      it(what, () => {
        // read once: the 9 MB and 20,001-entry files take seconds of CPU each on a shared machine
        const refusal = (() => {
          try {
            parseCamt(xml);
            return null;
          } catch (error) {
            return error;
          }
        })();
        expect(refusal).toBeInstanceOf(CamtFormatError);
        expect((refusal as CamtFormatError).message).toMatch(message);
      });
    }
  });

  describe('lines a file may carry but the site must not book are listed, the rest of the file is read', () => {
    const reasonsOf = (xml: string) => parseCamt(xml).lines.map((l) => l.listed?.reason ?? null);

    it('a pending entry without booking or value date', () => {
      const xml = camt054({ entries: [{ amount: '10.00', status: 'PDNG', bookingDate: null }, { amount: '20.00' }] });
      const file = parseCamt(xml);
      expect(file.lines.map((l) => [l.status, l.bookingDate, l.listed?.reason ?? null])).toEqual([
        ['PDNG', null, 'NOT_BOOKED'],
        ['BOOK', '2027-06-03', null],
      ]);
    });

    it('an entry for information only (Sts INFO), in both versions', () => {
      for (const version of ['04', '08'] as const) {
        const file = parseCamt(camt054({ version, entries: [{ amount: '10.00', status: 'INFO' }, { amount: '20.00' }] }));
        expect(file.lines.map((l) => [l.status, l.listed?.reason ?? null])).toEqual([
          ['INFO', 'NOT_BOOKED'],
          ['BOOK', null],
        ]);
        expect(file.lines[0]!.listed?.note).toMatch(/Nur zur Information/);
      }
    });

    it('a debit whose transaction calls itself a credit: the entry decides', () => {
      const xml = camt054({
        entries: [
          { amount: '120.00', creditDebit: 'DBIT', transactions: [{ amount: '120.00', creditDebit: 'CRDT', reference: 'RF69202700021' }] },
        ],
      });
      expect(parseCamt(xml).lines[0]).toMatchObject({ direction: 'DBIT', listed: { reason: 'DEBIT' } });
    });

    it('a credit whose transaction says DBIT', () => {
      const xml = camt054({ entries: [{ amount: '120.00', transactions: [{ amount: '120.00', creditDebit: 'DBIT' }] }] });
      expect(reasonsOf(xml)).toEqual(['DIRECTION_DIFFERS']);
    });

    it('transactions that do not add up to their entry (0.01 against 120.00)', () => {
      const xml = camt054({ entries: [{ amount: '0.01', transactions: [{ amount: '120.00', reference: 'RF69202700021' }] }] });
      const [line] = parseCamt(xml).lines;
      expect(line).toMatchObject({ amountRappen: 12000, listed: { reason: 'SUM_DIFFERS' } });
      expect(line!.listed!.note).toMatch(/ergeben CHF\u00a0120\.00, die Buchung lautet auf 0\.01/);
    });

    it('a TxDtls without Amt that would take nothing or less than nothing', () => {
      const xml = camt054({ entries: [{ amount: '50.00', transactions: [{ amount: '50.00' }, { amount: null }] }] });
      expect(reasonsOf(xml)).toEqual(['SUM_DIFFERS', 'SUM_DIFFERS']);
    });

    it('two TxDtls without Amt in one entry', () => {
      const xml = camt054({ entries: [{ amount: '10.00', transactions: [{ amount: null }, { amount: null }] }] });
      expect(reasonsOf(xml)).toEqual(['NO_AMOUNT', 'NO_AMOUNT']);
    });

    it('an amount without currency, and one in euro', () => {
      expect(reasonsOf(camt054({ entries: [{ amount: '10.00', currency: null }] }))).toEqual(['NO_CURRENCY']);
      expect(reasonsOf(camt054({ entries: [{ amount: '10.00', currency: 'EUR' }] }))).toEqual(['FOREIGN_CURRENCY']);
      expect(reasonsOf(camt054({ entries: [{ amount: '10.00', transactions: [{ amount: '10.00', currency: 'EUR' }] }] }))).toEqual([
        'FOREIGN_CURRENCY',
      ]);
    });

    it('a camt.053 statement reads like a notification', () => {
      const file = parseCamt(camt054({ message: '053', version: '04', entries: [{ amount: '50.00', reference: 'RF69202700021' }] }));
      expect(file).toMatchObject({ message: 'camt.053', version: 'camt.053.001.04' });
      expect(file.lines[0]).toMatchObject({ amountRappen: 5000, referenceType: 'SCOR', listed: null });
    });
  });
});
