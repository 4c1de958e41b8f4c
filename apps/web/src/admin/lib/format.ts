import { cached } from '../../lib/format';
import { HTML_LANG } from '../../lib/locale';
import { consoleLocale } from '../i18n';

/*
 * Numbers, money and times in the console's language, through Intl (docs/i18n.md, Formats), each formatter built
 * once per language and option set (the app's `cached`).
 */
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  make: (tag: string) => T,
): T {
  const tag = HTML_LANG[consoleLocale()];
  return cached(`console:${kind}:${tag}`, () => make(tag));
}

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const dateTime = (kind: string, options: Intl.DateTimeFormatOptions) => (iso: string | null | undefined) =>
  iso ? formatter(kind, (tag) => new Intl.DateTimeFormat(tag, options)).format(new Date(iso)) : '—';

/** 2026/11/24 09:30 in zh, 11/24/2026, 09:30 in en (the operator's clock). */
export const formatTime = dateTime('time', { ...DAY, ...CLOCK });

/** With seconds, for logs. */
export const formatSeconds = dateTime('seconds', { ...DAY, ...CLOCK, second: '2-digit' });

/** The day alone. */
export const formatDate = dateTime('date', DAY);

/** The time of day alone, with seconds. */
export const formatClock = dateTime('clock', { ...CLOCK, second: '2-digit' });

/** Fen as ¥1,234.50 (zh, en) or 1 234,50 ¥ (fr). */
export const formatYuan = (fen: number) =>
  formatter(
    'yuan',
    (tag) =>
      new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: 'CNY',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      }),
  ).format(fen / 100);

/** 1234567 → 1,234,567 (1 234 567 in fr). */
export const formatCount = (n: number) => formatter('count', (tag) => new Intl.NumberFormat(tag)).format(n);
