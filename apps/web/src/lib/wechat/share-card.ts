import { useEffect } from 'react';
import { commonStore } from '../common-store';
import { imageUrl } from '../image-url';
import { detectPlatform } from '../platform';
import type { ShareData } from './sdk';

/**
 * Share cards (docs/platforms.md, Share cards): what WeChat shows when the user shares the page. Inside WeChat the
 * JS-SDK's updateAppMessageShareData / updateTimelineShareData; in the mini-program web view a message to the host
 * (`{ type: 'share', ...card }`), which the host uses in its own share handler; elsewhere nothing.
 */
export type ShareCard = ShareData;

/** The width share icons are asked for (WeChat draws them small; 300 px is sharp on any phone). */
const ICON_WIDTH = 300;

/** An absolute address for a path or URL of this app. */
export function absoluteUrl(pathOrUrl: string, win: Window = globalThis.window): string {
  if (!pathOrUrl) return '';
  try {
    return new URL(pathOrUrl, win.location.origin).href;
  } catch {
    return '';
  }
}

/** A share icon: the image at a share's width, absolute, else the settings' `share_image`. */
export function shareImage(src: string | null | undefined): string {
  const chosen = src || commonStore.get().systemSetting?.share_image || '';
  return absoluteUrl(imageUrl(chosen, ICON_WIDTH, { dpr: 1 }));
}

/** Home's card (`share_title`, `share_image` from settings); the card every page without its own falls back to. */
export function homeShareCard(desc = ''): ShareCard | null {
  const setting = commonStore.get().systemSetting;
  if (!setting) return null;
  return {
    title: setting.share_title || setting.assistant_name,
    desc,
    link: absoluteUrl('/'),
    imgUrl: shareImage(setting.share_image),
  };
}

/** The code that talks to the host (and the SDK) is fetched only in the hosts that share. */
function setInHost(card: ShareCard): Promise<boolean> {
  return import('./apply-share-card').then(
    (m) => m.applyShareCard(card),
    (error: unknown) => {
      console.warn('share card code failed to load', error);
      return false;
    },
  );
}

/**
 * Sets `card` while the page shows (null: not yet known), and home's card again when it leaves, so a page without
 * a card never shares the previous page's.
 */
export function useShareCard(card: ShareCard | null): void {
  const key = card ? JSON.stringify([card.title, card.desc, card.link, card.imgUrl]) : '';
  useEffect(() => {
    const platform = detectPlatform();
    if (!key || (platform !== 'wechat' && platform !== 'miniprogram')) return;
    const [title, desc, link, imgUrl] = JSON.parse(key) as string[];
    void setInHost({ title: title!, desc: desc!, link: link!, imgUrl: imgUrl! });
    return () => {
      const home = homeShareCard();
      if (home) void setInHost(home);
    };
  }, [key]);
}
