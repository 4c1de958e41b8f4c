import { detectPlatform } from '../platform';
import { readyJssdk } from './jssdk';
import { withMiniProgram } from './sdk';
import type { ShareCard } from './share-card';

/**
 * Hands a share card to the host (docs/platforms.md, Share cards): in WeChat through the JS-SDK once `wx.config`
 * is ready, in the mini-program web view as a message to the host. Loaded only in those hosts.
 */

/** The newest card asked for: an older one whose SDK config answers late must not overwrite it. */
let latest = 0;

/** Sets the card in the host; resolves true when the host took it. Failures are only logged. */
export async function applyShareCard(card: ShareCard, win: Window = globalThis.window): Promise<boolean> {
  const platform = detectPlatform(win);
  const seq = ++latest;
  if (platform === 'wechat') {
    const wx = await readyJssdk(win);
    if (!wx || seq !== latest) return false;
    try {
      wx.updateAppMessageShareData({ ...card });
      wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
      return true;
    } catch (error) {
      console.warn('WeChat share card failed', error);
      return false;
    }
  }
  if (platform === 'miniprogram') {
    return new Promise((resolve) =>
      withMiniProgram(
        (api) => {
          if (typeof api.postMessage !== 'function') return false;
          api.postMessage({ data: { type: 'share', ...card } });
          resolve(true);
          return true;
        },
        () => {
          console.warn('mini program API unavailable: share card not posted');
          resolve(false);
        },
        win,
      ),
    );
  }
  return false;
}
