import { z } from 'zod';

/** The ranges the dashboard charts, in China days up to and including today (docs/admin.md, Dashboard). */
export const DASHBOARD_RANGES = [7, 30, 90] as const;

export const dashboardQuery = z.object({
  days: z.coerce
    .number({ error: '统计天数应为7、30或90' })
    .refine((n) => (DASHBOARD_RANGES as readonly number[]).includes(n), '统计天数应为7、30或90')
    .default(7),
});

/** One China day's figures (`day` as `2026-11-24`). */
export const dashboardDay = z.object({
  day: z.string(),
  /** Users who signed up that day. */
  users_new: z.number().int(),
  /** Users who used the app that day (signed in or made a signed-in request). */
  dau: z.number().int(),
  /** Conversations started. */
  conversations: z.number().int(),
  /** Assistant replies completed. */
  replies: z.number().int(),
  /** Chips charged for replies. */
  chips_spent: z.number().int(),
  /** Orders fulfilled that day: their amount in fen, and how many. */
  revenue_fen: z.number().int(),
  orders: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

/** What waits for an operator now: the review queues, open reports, withdrawals to handle. */
const dashboardPending = z.object({
  bots: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  reports: z.number().int(),
  withdrawals: z.number().int(),
});

export const adminDashboard = z.object({
  /** Oldest first; the last is today, counted live. */
  days: z.array(dashboardDay),
  /** Accounts in all (deleted ones left out). */
  users_total: z.number().int(),
  pending: dashboardPending,
  /** When these figures were read. */
  at: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
