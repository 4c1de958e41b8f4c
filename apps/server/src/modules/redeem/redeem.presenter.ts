import type { AdminRedeemBatch, RedeemResult } from '@lingxi/contract';
import type { BatchView, Redeemed } from './redeem.service.js';

export const presentRedeemed = (r: Redeemed): RedeemResult => ({
  kind: r.kind,
  value: r.value,
  chips: r.chips,
  vip_expires_at: r.vipExpiresAt ? r.vipExpiresAt.toISOString() : null,
});

export const presentRedeemBatch = (b: BatchView): AdminRedeemBatch => ({
  id: b.id,
  kind: b.kind,
  value: b.value,
  quantity: b.quantity,
  used_count: b.usedCount,
  expires_at: b.expiresAt.toISOString(),
  note: b.note,
  disabled: b.disabledAt !== null,
  created_at: b.createdAt.toISOString(),
  status: b.status,
  created_by: b.creator && { id: b.creator.id, nickname: b.creator.nickname, phone: b.creator.phone },
});
