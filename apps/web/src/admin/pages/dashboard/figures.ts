import type { DashboardDay } from '@lingxi/contract';

/** A figure of a day the dashboard shows: a KPI card and its series. */
export type FigureKey = Exclude<keyof DashboardDay, 'day'>;

/** Today against yesterday: the change in percent (null when yesterday had none to compare with). */
export type Change = { delta: number; percent: number | null };

export function changeOf(days: DashboardDay[], key: FigureKey): Change {
  const today = days.at(-1)?.[key] ?? 0;
  const yesterday = days.at(-2)?.[key] ?? 0;
  const delta = today - yesterday;
  return { delta, percent: yesterday ? Math.round((delta / yesterday) * 1000) / 10 : null };
}

/** The sum of a figure over the range. */
export const sumOf = (days: DashboardDay[], key: FigureKey) => days.reduce((n, d) => n + d[key], 0);

/** `2026-11-24` → `11-24`, for an axis. */
export const shortDay = (day: string) => day.slice(5);

/** Each day with its revenue in yuan beside the fen, for a chart whose axis reads yuan. */
export const withYuan = (days: DashboardDay[]) =>
  days.map((d) => ({ ...d, revenue_yuan: d.revenue_fen / 100 }));
