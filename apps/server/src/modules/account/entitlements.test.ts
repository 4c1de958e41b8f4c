import { ErrorCode, UPLOAD_RULES } from '@lingxi/contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import type { SettingsService } from '../settings/settings.service.js';
import { EntitlementsService, limitReached } from './entitlements.service.js';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
const MB = 1024 * 1024;
const rules = {
  bot_limit: 20,
  bot_limit_vip: 100,
  knowledge_base_limit: 10,
  knowledge_base_limit_vip: 50,
  knowledge_documents_per_base: 50,
  knowledge_documents_per_base_vip: 500,
  knowledge_document_bytes: 10 * MB,
  knowledge_document_bytes_vip: 10 * UPLOAD_RULES.knowledge_doc.maxBytes,
  knowledge_total_bytes: 50 * MB,
  knowledge_total_bytes_vip: 500 * MB,
};
const entitlements = new EntitlementsService(clock, {
  rules: async () => rules,
} as unknown as SettingsService);
const member = (inDays: number | null) => ({
  id: 1,
  vipExpiresAt: inDays === null ? null : new Date(clock.now().getTime() + inDays * DAY),
});

describe('entitlements', () => {
  it('count a membership by the app clock, up to the moment it ends', () => {
    expect(entitlements.isVip(member(1))).toBe(true);
    expect(entitlements.isVip(member(0))).toBe(false);
    expect(entitlements.isVip(member(null))).toBe(false);
    expect(entitlements.isVip(null)).toBe(false);
  });

  it('give a member the _vip limits, never a document above what one upload may be', async () => {
    expect(await entitlements.of(member(null))).toEqual({
      isVip: false,
      vipUntil: null,
      limits: {
        bots: 20,
        knowledgeBases: 10,
        documentsPerBase: 50,
        documentBytes: 10 * MB,
        totalDocumentBytes: 50 * MB,
      },
    });
    const vip = await entitlements.of(member(30));
    expect(vip).toMatchObject({
      isVip: true,
      limits: { bots: 100, knowledgeBases: 50, documentsPerBase: 500 },
    });
    expect(vip.limits.documentBytes).toBe(UPLOAD_RULES.knowledge_doc.maxBytes);
  });

  it('tell a user at a limit what membership gives, and a member only the limit', async () => {
    const err = limitReached(await entitlements.of(member(null)), 20, '最多可创建20个智能体', '创建更多');
    expect(err).toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      message: '最多可创建20个智能体，开通会员可创建更多',
    });
    const vip = limitReached(await entitlements.of(member(30)), 100, '最多可创建100个智能体', '创建更多');
    expect(vip.message).toBe('最多可创建100个智能体');
  });
});
