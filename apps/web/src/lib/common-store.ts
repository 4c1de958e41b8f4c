import type { PublicSettings } from '@lingxi/contract';
import { createStore, useStore } from './create-store';
import { storage } from './storage';

export const DEFAULT_ASSISTANT_NAME = '灵犀';

/**
 * The client contract's common state: inviteCode, noticeUnreadCount, systemSetting (from
 * GET /api/v1/setting).
 */
export interface CommonState {
  inviteCode: string | null;
  noticeUnreadCount: number;
  systemSetting: PublicSettings | null;
}

export const commonStore = createStore<CommonState>({
  inviteCode: storage.getInviteCode(),
  noticeUnreadCount: 0,
  systemSetting: null,
});

export function setInviteCode(code: string): void {
  storage.setInviteCode(code);
  commonStore.set((prev) => ({ ...prev, inviteCode: code }));
}

export function setSystemSetting(systemSetting: PublicSettings): void {
  commonStore.set((prev) => ({ ...prev, systemSetting }));
}

export function setNoticeUnreadCount(noticeUnreadCount: number): void {
  commonStore.set((prev) => ({ ...prev, noticeUnreadCount }));
}

export function useCommonStore(): CommonState {
  return useStore(commonStore);
}

export function useAssistantName(): string {
  return useCommonStore().systemSetting?.assistant_name || DEFAULT_ASSISTANT_NAME;
}
