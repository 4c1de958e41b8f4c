import type { DashboardDay } from '@lingxi/contract';
import { describe, expect, it } from 'vitest';
import { changeOf, shortDay, sumOf, withYuan } from './figures';

const day = (d: string, o: Partial<DashboardDay> = {}): DashboardDay => ({
  day: d,
  users_new: 0,
  dau: 0,
  conversations: 0,
  replies: 0,
  chips_spent: 0,
  revenue_fen: 0,
  orders: 0,
  ...o,
});

describe('dashboard figures', () => {
  it('compares today with yesterday, in percent to one decimal', () => {
    const days = [day('2026-11-23', { dau: 30 }), day('2026-11-24', { dau: 41 })];
    expect(changeOf(days, 'dau')).toEqual({ delta: 11, percent: 36.7 });
    expect(changeOf([day('a', { dau: 40 }), day('b', { dau: 10 })], 'dau')).toEqual({
      delta: -30,
      percent: -75,
    });
  });

  it('has no percent when yesterday had nothing, or there is no yesterday', () => {
    expect(changeOf([day('a'), day('b', { orders: 3 })], 'orders')).toEqual({ delta: 3, percent: null });
    expect(changeOf([day('b', { orders: 3 })], 'orders')).toEqual({ delta: 3, percent: null });
    expect(changeOf([], 'orders')).toEqual({ delta: 0, percent: null });
  });

  it('sums a range, shortens days for an axis, and reads revenue in yuan', () => {
    const days = [day('2026-11-23', { revenue_fen: 1990 }), day('2026-11-24', { revenue_fen: 10 })];
    expect(sumOf(days, 'revenue_fen')).toBe(2000);
    expect(shortDay('2026-11-24')).toBe('11-24');
    expect(withYuan(days).map((d) => d.revenue_yuan)).toEqual([19.9, 0.1]);
  });
});
