import {
  FEEDBACK_TYPE_LABELS,
  type AdminFeedback,
  type FeedbackType,
  type feedbackData,
} from '@lingxi/contract';
import type { z } from 'zod';
import type { InboxRow } from './feedback-inbox.service.js';

export const presentFeedback = (row: { id: number }): z.infer<typeof feedbackData> => ({ id: row.id });

export const presentAdminFeedback = (r: InboxRow): AdminFeedback => ({
  id: r.id,
  type: r.type as FeedbackType,
  content: r.content,
  contact: r.contact,
  user_agent: r.userAgent,
  status: r.status,
  user: r.user,
  created_at: r.createdAt.toISOString(),
  handled_by: r.handler,
  handled_at: r.handledAt?.toISOString() ?? null,
  reply: r.reply,
});

/** 2026-11-24 09:30:05 in China time, as operators read a spreadsheet. */
const chinaTime = (at: Date) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const STATUS_LABELS = { open: '待处理', handled: '已处理' } as const;

/** The inbox's CSV (docs/admin.md, Exports): a header row in Chinese, then one row per feedback. */
export function feedbackCsvRows(rows: InboxRow[]): unknown[][] {
  return [
    [
      'ID',
      '类型',
      '内容',
      '联系方式',
      '用户ID',
      '昵称',
      '手机号',
      '状态',
      '提交时间',
      '处理人',
      '处理时间',
      '回复',
      '设备信息',
    ],
    ...rows.map((r) => [
      r.id,
      FEEDBACK_TYPE_LABELS[r.type as FeedbackType] ?? r.type,
      r.content,
      r.contact,
      r.user?.id,
      r.user?.nickname,
      r.user?.phone,
      STATUS_LABELS[r.status],
      chinaTime(r.createdAt),
      r.handler?.nickname,
      r.handledAt && chinaTime(r.handledAt),
      r.reply,
      r.userAgent,
    ]),
  ];
}
