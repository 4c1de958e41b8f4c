/*
 * Money on the wire is integer fen (docs/money.md); people read yuan. The app shows amounts with lib/format.ts (Intl,
 * docs/i18n.md "Formats"); these plain forms are for form inputs and the console.
 */

/** 1990 → "19.9", 600 → "6", 1 → "0.01": yuan without trailing zeros, for prices. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  if (cents === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** 1990 → "19.90": two decimals, for balances and amounts in records. */
export function yuanFixed(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5" → 1250; null when it is not an amount of yuan with at most two decimals. */
export function parseYuan(text: string): number | null {
  const value = text.trim();
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** One key per attempt of a money request (the `Idempotency-Key` header): the same key on a retry of it. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
