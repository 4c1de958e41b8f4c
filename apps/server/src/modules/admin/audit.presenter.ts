import type { AuditEntry as AuditEntryDto } from '@lingxi/contract';
import type { AuditListRow } from './audit.service.js';

export function presentAuditEntry(r: AuditListRow): AuditEntryDto {
  return {
    id: r.id,
    actor: r.actor,
    action: r.action,
    target: r.target,
    detail: r.detail,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    at: r.at.toISOString(),
  };
}

/** 2026-11-24 09:30:05 in China time: how an operator reads a time in a spreadsheet. */
const chinaTime = (at: Date) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The log as a spreadsheet: a header row in Chinese, then one row per entry (docs/admin.md, Tables). */
export function auditCsvRows(rows: AuditListRow[]): unknown[][] {
  return [
    ['时间（北京时间）', '操作人ID', '操作人', '手机号', '操作', '对象', 'IP', '详情', '变更前', '变更后'],
    ...rows.map((r) => [
      chinaTime(r.at),
      r.actorId ?? '',
      r.actor?.nickname ?? '',
      r.actor?.phone ?? '',
      r.action,
      r.target,
      r.ip ?? '',
      Object.keys(r.detail).length ? JSON.stringify(r.detail) : '',
      json(r.before),
      json(r.after),
    ]),
  ];
}
