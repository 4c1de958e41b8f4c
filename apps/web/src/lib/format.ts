import type { Locale } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLocale } from './locale';

/*
 * Numbers, money and dates as each locale writes them, all through `Intl` (docs/i18n.md "Formats"). Money is yuan
 * (CNY) in every locale: the platform charges in yuan whatever the language.
 */

type When = string | number | Date;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
/** An Intl formatter built once per key (building one is the slow part); the console's formats use it too. */
export function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let value = cache.get(key) as T | undefined;
  if (!value) cache.set(key, (value = make()));
  return value;
}

const tag = (locale: Locale) => HTML_LANG[locale];

function moneyFormat(locale: Locale, whole: boolean, signed: boolean): Intl.NumberFormat {
  return cached(`m:${locale}:${whole}:${signed}`, () => {
    return new Intl.NumberFormat(tag(locale), {
      style: 'currency',
      currency: 'CNY',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
  });
}

export interface MoneyOptions {
  /** "+¥19.90" / "-¥19.90": a change of money in a record. */
  signed?: boolean;
  /** A price: whole yuan without decimals ("¥6"), else two ("¥19.90"). Amounts in records always show two. */
  price?: boolean;
}

/** Integer fen → yuan in the locale: zh-Hans "¥19.90", en/zh-Hant "CN¥19.90", es/fr "19,90 CNY". */
export function formatMoney(fen: number, locale: Locale, options: MoneyOptions = {}): string {
  const whole = Boolean(options.price) && fen % 100 === 0;
  return moneyFormat(locale, whole, Boolean(options.signed)).format(fen / 100);
}

/** The same amount split for a large display: the currency sign apart from the number, and on which side. */
export function moneyParts(
  fen: number,
  locale: Locale,
  options: MoneyOptions = {},
): { symbol: string; amount: string; symbolFirst: boolean } {
  const whole = Boolean(options.price) && fen % 100 === 0;
  const parts = moneyFormat(locale, whole, Boolean(options.signed)).formatToParts(fen / 100);
  const at = parts.findIndex((p) => p.type === 'currency');
  const firstNumber = parts.findIndex((p) => p.type === 'integer');
  const amount = parts
    .filter((p) => p.type !== 'currency')
    .map((p) => p.value)
    .join('')
    .trim();
  return { symbol: parts[at]?.value ?? '', amount, symbolFirst: at < firstNumber };
}

/** Fen as a bare amount of yuan with two decimals ("12,345.60", "12 345,60"), where a label names the currency. */
export function formatAmount(fen: number, locale: Locale): string {
  return cached(
    `a:${locale}`,
    () => new Intl.NumberFormat(tag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(fen / 100);
}

/** 12345 → "12,345" / "12 345" / "12.345". */
export function formatNumber(value: number, locale: Locale): string {
  return cached(`n:${locale}`, () => new Intl.NumberFormat(tag(locale))).format(value);
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const MONTH_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function dateFormat(locale: Locale, name: string, options: Intl.DateTimeFormatOptions) {
  return cached(`d:${locale}:${name}`, () => new Intl.DateTimeFormat(tag(locale), options));
}

/** A day: "Nov 24, 2026", "24 nov. 2026", "2026年11月24日". */
export function formatDate(when: When, locale: Locale): string {
  return dateFormat(locale, 'date', DATE).format(new Date(when));
}

/** A day without its year: "Nov 24", "11月24日". */
export function formatMonthDay(when: When, locale: Locale): string {
  return dateFormat(locale, 'monthDay', MONTH_DAY).format(new Date(when));
}

/** A time of day on a 24-hour clock: "15:04". */
export function formatTime(when: When, locale: Locale): string {
  return dateFormat(locale, 'time', TIME).format(new Date(when));
}

/**
 * A moment in a record or a post: "Nov 24, 15:04" within the current year, "Nov 24, 2025, 15:04" before it
 * (the locale's own order and words).
 */
export function formatDateTime(when: When, locale: Locale, now: Date = new Date()): string {
  const date = new Date(when);
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateFormat(locale, sameYear ? 'monthDayTime' : 'dateTime', {
    ...(sameYear ? MONTH_DAY : DATE),
    ...TIME,
  }).format(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A list's time column: "now / 5 minutes ago / 3 hours ago / 2 days ago" within a week (`Intl.RelativeTimeFormat`),
 * the day after that (without its year within the current year).
 */
export function formatRelativeTime(when: When, locale: Locale, now: Date = new Date()): string {
  const date = new Date(when);
  const ago = now.getTime() - date.getTime();
  if (ago >= 7 * DAY) {
    return date.getFullYear() === now.getFullYear() ? formatMonthDay(date, locale) : formatDate(date, locale);
  }
  const rtf = cached(`r:${locale}`, () => new Intl.RelativeTimeFormat(tag(locale), { numeric: 'auto' }));
  if (ago < MINUTE) return rtf.format(0, 'second');
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  return rtf.format(-Math.floor(ago / DAY), 'day');
}

export interface Formats {
  locale: Locale;
  money: (fen: number, options?: MoneyOptions) => string;
  moneyParts: (fen: number, options?: MoneyOptions) => ReturnType<typeof moneyParts>;
  amount: (fen: number) => string;
  number: (value: number) => string;
  date: (when: When) => string;
  monthDay: (when: When) => string;
  time: (when: When) => string;
  dateTime: (when: When) => string;
  relative: (when: When) => string;
}

/** The formats of the current UI language; a component re-renders when the language changes. */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'zh-Hans';
  return {
    locale,
    money: (fen, options) => formatMoney(fen, locale, options),
    moneyParts: (fen, options) => moneyParts(fen, locale, options),
    amount: (fen) => formatAmount(fen, locale),
    number: (value) => formatNumber(value, locale),
    date: (when) => formatDate(when, locale),
    monthDay: (when) => formatMonthDay(when, locale),
    time: (when) => formatTime(when, locale),
    dateTime: (when) => formatDateTime(when, locale),
    relative: (when) => formatRelativeTime(when, locale),
  };
}
