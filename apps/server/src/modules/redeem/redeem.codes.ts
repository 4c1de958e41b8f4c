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
