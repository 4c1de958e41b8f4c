import type { AdminDashboard } from '@lingxi/contract';
import type { Dashboard } from './dashboard.service.js';

export function presentDashboard(d: Dashboard): AdminDashboard {
  return {
    days: d.days.map((f) => ({
      day: f.day,
      users_new: f.users_new,
      dau: f.dau,
      conversations: f.conversations,
      replies: f.replies,
      chips_spent: f.chips_spent,
      revenue_fen: f.revenue_fen,
      orders: f.orders,
    })),
    users_total: d.usersTotal,
    pending: d.pending,
    at: d.at.toISOString(),
  };
}
