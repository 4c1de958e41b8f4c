import { randomInt } from 'node:crypto';

/** docs/money.md, Redeem codes: digits and upper-case letters without the look-alikes 0/O, 1/I/L. */
export const REDEEM_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REDEEM_CODE_LENGTH = 14;

/** A code from the crypto generator, each character uniform over the alphabet. */
export const newRedeemCode = () =>
  Array.from({ length: REDEEM_CODE_LENGTH }, () => REDEEM_ALPHABET[randomInt(REDEEM_ALPHABET.length)]).join(
    '',
  );

/**
 * A code as the user typed it, as stored: full-width characters folded (NFKC), spaces and dashes dropped,
 * upper-cased. Whether it can be a code at all is {@link couldBeRedeemCode}.
 */
export const normaliseRedeemCode = (typed: string) =>
  typed
    .normalize('NFKC')
    .replace(/[\s\-‐‑‒–—―_]/g, '')
    .toUpperCase();

export const couldBeRedeemCode = (code: string) => /^[0-9A-Z]{1,32}$/.test(code);

/**
 * One CSV cell: a spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula, so
 * such a cell gets a leading apostrophe; quoted when it holds a quote, comma or line break.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file for spreadsheets: UTF-8 with a BOM (so Excel reads Chinese), CRLF line ends. */
export const csvOf = (rows: string[][]) =>
  '\uFEFF' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
