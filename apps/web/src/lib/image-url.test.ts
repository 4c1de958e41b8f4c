import { afterEach, describe, expect, it } from 'vitest';
import { commonStore } from './common-store';
import { imageUrl } from './image-url';

const UPLOADED = '/media/u/AbCdEfGhIjKlMnOpQrStUv.jpg';

afterEach(() => commonStore.set({ inviteCode: null, noticeUnreadCount: 0, systemSetting: null }));

describe('imageUrl', () => {
  it('asks for an uploaded image at the drawn width times the pixel ratio, snapped', () => {
    expect(imageUrl(UPLOADED, 48, { cdnBase: '', dpr: 2 })).toBe(`${UPLOADED}@w128`);
    expect(imageUrl(UPLOADED, 48, { cdnBase: '', dpr: 1 })).toBe(`${UPLOADED}@w64`);
    expect(imageUrl(UPLOADED, 375, { cdnBase: '', dpr: 3 })).toBe(`${UPLOADED}@w1080`);
  });

  it('puts app images under cdn_base', () => {
    expect(imageUrl(UPLOADED, 64, { cdnBase: 'https://cdn.example/', dpr: 1 })).toBe(
      `https://cdn.example${UPLOADED}@w64`,
    );
    expect(imageUrl('/media/avatars/bot/a1.svg', 64, { cdnBase: 'https://cdn.example', dpr: 2 })).toBe(
      'https://cdn.example/media/avatars/bot/a1.svg',
    );
  });

  it('reads cdn_base from the common store by default and leaves other URLs alone', () => {
    commonStore.set((s) => ({ ...s, systemSetting: { cdn_base: 'https://c.example' } as never }));
    expect(imageUrl(UPLOADED, 64, { dpr: 1 })).toBe(`https://c.example${UPLOADED}@w64`);
    expect(imageUrl('data:image/png;base64,AAA', 64)).toBe('data:image/png;base64,AAA');
    expect(imageUrl('blob:http://x/1', 64)).toBe('blob:http://x/1');
    expect(imageUrl(null, 64)).toBe('');
  });
});
