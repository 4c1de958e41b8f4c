import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMonthDay,
  formatNumber,
  formatRelativeTime,
  formatTime,
  moneyParts,
} from './format';

const NBSP = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(NBSP, ' ');

describe('money is yuan in every locale', () => {
  it.each([
    ['zh-Hans', '¥19.90', '¥12,345.60'],
    ['zh-Hant', 'CN¥19.90', 'CN¥12,345.60'],
    ['en', 'CN¥19.90', 'CN¥12,345.60'],
    ['es', '19,90 CNY', '12.345,60 CNY'],
    ['fr', '19,90 CNY', '12 345,60 CNY'],
  ] as const)('%s', (locale, small, large) => {
    expect(plain(formatMoney(1990, locale))).toBe(small);
    expect(plain(formatMoney(1234560, locale))).toBe(large);
  });

  it('prices drop ".00" only when whole, record amounts never do', () => {
    expect(formatMoney(600, 'zh-Hans', { price: true })).toBe('¥6');
    expect(formatMoney(1990, 'zh-Hans', { price: true })).toBe('¥19.90');
    expect(formatMoney(1, 'zh-Hans', { price: true })).toBe('¥0.01');
    expect(formatMoney(600, 'zh-Hans')).toBe('¥6.00');
  });

  it('signs a change of money, never a zero', () => {
    expect(formatMoney(1990, 'zh-Hans', { signed: true })).toBe('+¥19.90');
    expect(formatMoney(-1990, 'en', { signed: true })).toBe('-CN¥19.90');
    expect(formatMoney(0, 'zh-Hans', { signed: true })).toBe('¥0.00');
  });

  it('splits the sign from the number for a large display, on the locale’s side', () => {
    expect(moneyParts(1990, 'zh-Hans', { price: true })).toEqual({
      symbol: '¥',
      amount: '19.90',
      symbolFirst: true,
    });
    expect(moneyParts(600, 'fr', { price: true })).toEqual({
      symbol: 'CNY',
      amount: '6',
      symbolFirst: false,
    });
  });
});

describe('numbers and dates follow the locale', () => {
  const at = new Date(2026, 10, 24, 15, 4);
  const now = new Date(2026, 11, 1, 9, 0);

  it('groups digits', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(plain(formatNumber(12345, 'fr'))).toBe('12 345');
    expect(formatNumber(12345, 'es')).toBe('12.345');
  });

  it('writes a day in the locale’s order and words', () => {
    expect(formatDate(at, 'en')).toBe('Nov 24, 2026');
    expect(formatDate(at, 'zh-Hans')).toBe('2026年11月24日');
    expect(formatDate(at, 'zh-Hant')).toBe('2026年11月24日');
    expect(formatDate(at, 'fr')).toBe('24 nov. 2026');
    expect(formatDate(at, 'es')).toBe('24 nov 2026');
    expect(formatMonthDay(at, 'en')).toBe('Nov 24');
    expect(formatTime(at, 'en')).toBe('15:04');
  });

  it('leaves the year out within the current year', () => {
    expect(formatDateTime(at, 'en', now)).toBe('Nov 24, 15:04');
    expect(formatDateTime(at, 'zh-Hans', now)).toBe('11月24日 15:04');
    expect(formatDateTime(at, 'en', new Date(2027, 0, 2))).toBe('Nov 24, 2026, 15:04');
  });

  it('says how long ago within a week, then the day', () => {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatRelativeTime(ago(10_000), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60_000), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(60_000), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000), 'zh-Hans', now)).toBe('5分钟前');
    expect(formatRelativeTime(ago(5 * 60_000), 'zh-Hant', now)).toBe('5 分鐘前');
    expect(formatRelativeTime(ago(3 * 3_600_000), 'fr', now)).toBe('il y a 3 heures');
    expect(formatRelativeTime(ago(26 * 3_600_000), 'es', now)).toBe('ayer');
    expect(formatRelativeTime(ago(8 * 86_400_000), 'en', now)).toBe('Nov 23');
    expect(formatRelativeTime(new Date(2025, 0, 5), 'en', now)).toBe('Jan 5, 2025');
  });
});
