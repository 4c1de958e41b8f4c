/** The source of "now" for every rule with a time in it, so tests can move time forward. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
  set(t: Date | number) {
    this.t = typeof t === 'number' ? t : t.getTime();
  }
}

/** China time (UTC+8, no daylight saving): the day the product's daily rules count in. */
const CHINA_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

/** The China-time day of an instant, `YYYY-MM-DD`. */
export const chinaDay = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The instants a China-time day (`YYYY-MM-DD`) runs over: `from` inclusive, `to` exclusive. */
export function chinaDayRange(day: string) {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** Fen as yuan for a sentence: 1990 → "19.90" (docs/money.md: money is fen everywhere, shown in yuan). */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
