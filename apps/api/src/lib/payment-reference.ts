/**
 * Payment references of the Swiss QR-bill (Swiss Payment Standards, QR-bill implementation
 * guidelines v2.3): the 27-digit QR reference (QRR, with a QR-IBAN) and the ISO 11649
 * creditor reference (SCOR, "RF…", with a plain IBAN). Pure functions.
 */

const QRR_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** Check digit of the QR reference: modulo 10, recursive, over the first 26 digits. */
export function qrReferenceCheckDigit(digits: string): number {
  let carry = 0;
  for (const ch of digits) carry = QRR_TABLE[(carry + Number(ch)) % 10]!;
  return (10 - carry) % 10;
}

/** A QR reference from up to 26 digits of payload (left-padded with zeros) plus its check digit. */
export function makeQrReference(payload: string): string {
  if (!/^[0-9]{1,26}$/.test(payload)) throw new Error('QR reference payload must be 1 to 26 digits');
  const body = payload.padStart(26, '0');
  return body + String(qrReferenceCheckDigit(body));
}

/** True for 27 digits, not all zero, with a correct check digit (spaces ignored). */
export function isQrReference(reference: string): boolean {
  const r = reference.replace(/\s+/g, '');
  if (!/^[0-9]{27}$/.test(r) || /^0+$/.test(r)) return false;
  return qrReferenceCheckDigit(r.slice(0, 26)) === Number(r[26]);
}

/** ISO 7064 MOD 97-10 over an alphanumeric string (letters A=10 … Z=35). */
function mod97(alnum: string): number {
  let rest = 0;
  for (const ch of alnum) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** An ISO 11649 creditor reference `RFnn…` for 1 to 21 letters and digits. */
export function makeCreditorReference(payload: string): string {
  const body = payload.toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(body)) throw new Error('Creditor reference payload must be 1 to 21 letters or digits');
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** True for `RF`, two check digits and 1 to 21 letters or digits whose MOD 97 is 1 (spaces ignored). */
export function isCreditorReference(reference: string): boolean {
  const r = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(r)) return false;
  return mod97(r.slice(4) + r.slice(0, 4)) === 1;
}

/** What a reference is by its own format and check digits, whatever a bank file's type field says. */
export function classifyReference(reference: string): 'QRR' | 'SCOR' | null {
  if (isQrReference(reference)) return 'QRR';
  if (isCreditorReference(reference)) return 'SCOR';
  return null;
}

/** The reference without spaces, upper-case: the form invoices store and bank lines are matched in. */
export function normalizeReference(reference: string): string {
  return reference.replace(/\s+/g, '').toUpperCase();
}

/**
 * A QR-IBAN is a Swiss/Liechtenstein IBAN whose institution id (positions 5–9) is 30000–31999;
 * it requires a QR reference, a plain IBAN a creditor reference (or none).
 */
export function isQrIban(iban: string): boolean {
  const i = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^(CH|LI)[0-9]{2}[0-9A-Z]{17}$/.test(i)) return false;
  const iid = Number(i.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}
