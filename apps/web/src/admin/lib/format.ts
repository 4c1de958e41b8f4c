import dayjs from 'dayjs';
import { yuanFixed } from '../../lib/money';

/** 2026-11-24 09:30 (the operator's clock). */
export const formatTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';

/** 2026-11-24 09:30:05, for logs. */
export const formatSeconds = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';

/** Fen as ¥1,234.50. */
export const formatYuan = (fen: number) => `¥${yuanFixed(fen)}`;

/** 1234567 → 1,234,567. */
export const formatCount = (n: number) => n.toLocaleString('zh-CN');
