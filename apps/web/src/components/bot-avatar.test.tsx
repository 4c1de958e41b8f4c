import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { commonStore } from '../lib/common-store';
import { BotAvatar } from './bot-avatar';

const SETTING = commonStore.get().systemSetting;
afterEach(() => commonStore.set((s) => ({ ...s, systemSetting: SETTING })));

const withCdnBase = (cdn_base: string) =>
  act(() => commonStore.set((s) => ({ ...s, systemSetting: { ...s.systemSetting, cdn_base } as never })));

describe('an app image on any host', () => {
  it('with cdn_base empty (no PUBLIC_URL), loads from the address the page was opened at', () => {
    withCdnBase('');
    const img = render(<BotAvatar src="/media/avatars/bot/writer.svg" size={32} />).container.querySelector(
      'img',
    )!;
    expect(img.getAttribute('src')).toBe('/media/avatars/bot/writer.svg');
    expect(img.src).toBe(`${window.location.origin}/media/avatars/bot/writer.svg`);
  });

  it('with a cdn_base, loads from there', () => {
    withCdnBase('https://cdn.lingxi.example');
    const img = render(<BotAvatar src="/media/avatars/bot/writer.svg" size={32} />).container.querySelector(
      'img',
    )!;
    expect(img.src).toBe('https://cdn.lingxi.example/media/avatars/bot/writer.svg');
  });
});
