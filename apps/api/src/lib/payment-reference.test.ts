import { describe, expect, it } from 'vitest';
import {
  classifyReference,
  isCreditorReference,
  isQrIban,
  isQrReference,
  makeCreditorReference,
  makeQrReference,
  qrReferenceCheckDigit,
} from './payment-reference.ts';

describe('QR reference', () => {
  it('computes the modulo-10-recursive check digit of the guidelines’ example', () => {
    // Swiss Payment Standards' example reference 21 00000 00003 13947 14300 09017
    expect(qrReferenceCheckDigit('21000000000313947143000901')).toBe(7);
    expect(isQrReference('21 00000 00003 13947 14300 09017')).toBe(true);
  });
  it('pads the payload to 26 digits and appends the check digit', () => {
    const ref = makeQrReference('202700012');
    expect(ref).toHaveLength(27);
    expect(ref.startsWith('00000000000000000202700012')).toBe(true);
    expect(isQrReference(ref)).toBe(true);
  });
  it('refuses a wrong check digit, letters, a wrong length and all zeros', () => {
    expect(isQrReference('210000000003139471430009018')).toBe(false);
    expect(isQrReference('21000000000313947143000901A')).toBe(false);
    expect(isQrReference('2100000000031394714300090')).toBe(false);
    expect(isQrReference('000000000000000000000000000')).toBe(false);
    expect(() => makeQrReference('12a')).toThrow();
  });
});

describe('creditor reference (ISO 11649)', () => {
  it('accepts the standard’s example and makes references that check', () => {
    expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(makeCreditorReference('539007547034')).toBe('RF18539007547034');
    expect(isCreditorReference(makeCreditorReference('2027000120042'))).toBe(true);
  });
  it('refuses a wrong checksum and a body that is too long', () => {
    expect(isCreditorReference('RF19539007547034')).toBe(false);
    expect(isCreditorReference(`RF00${'1'.repeat(22)}`)).toBe(false);
  });
});

describe('classifying references and IBANs', () => {
  it('tells a reference by its own format and check digits', () => {
    expect(classifyReference('210000000003139471430009017')).toBe('QRR');
    expect(classifyReference('RF18539007547034')).toBe('SCOR');
    expect(classifyReference('Rechnung 2027-00012')).toBeNull();
  });
  it('recognises a QR-IBAN by its institution id 30000–31999', () => {
    expect(isQrIban('CH44 3199 9123 0008 8901 2')).toBe(true);
    expect(isQrIban('CH93 0076 2011 6238 5295 7')).toBe(false);
  });
});
