import { generateKeyPairSync } from 'node:crypto';
import type { BotSummary, Post, UserInfo } from '@lingxi/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBotSummary, makePost } from '../../test/feed-fixtures';
import { makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render-app';
import { commonStore, setSystemSetting } from '../common-store';
import { resetJssdkForTests } from './jssdk';
import { resetWeixinSdkForTests } from './sdk';
import { useBotShareCard, useHomeShareCard, useInviteShareCard, usePostShareCard } from './share-cards';

const wx = vi.hoisted(() => ({
  config: vi.fn(),
  ready: vi.fn((done: () => void) => done()),
  error: vi.fn(),
  updateAppMessageShareData: vi.fn(),
  updateTimelineShareData: vi.fn(),
  miniProgram: { postMessage: vi.fn() },
}));
vi.mock('weixin-js-sdk', () => ({ default: wx }));

const PEM = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const ORIGIN = window.location.origin;
const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile MicroMessenger/8.0.47';

const SETTINGS = {
  assistant_name: '灵犀',
  share_title: '灵犀，你的AI助手',
  share_image: '/media/share.png',
  cdn_base: '',
  deprecated_hosts: [],
  web_view_hosts: [],
  new_url: '',
  customer_service: '',
  icp: '',
  signup_bonus: 0,
};

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

/** The invite page's link (features/invite): the app opened with `?invite_code=`. */
const inviteLink = (code: string) => `${ORIGIN}/?invite_code=${encodeURIComponent(code)}`;

/** Each page calls one of these; a test page may call several (a hook given null sets nothing). */
function Cards(props: { bot?: BotSummary; post?: Post; user?: UserInfo; home?: string }) {
  useBotShareCard(props.bot);
  usePostShareCard(props.post);
  useInviteShareCard(props.user, props.user && inviteLink(props.user.invite_code), 20);
  useHomeShareCard(props.home);
  return null;
}

function api() {
  return mockApi({
    'GET /api/v1/sys/settings/wechat/jssdk/key': { data: { private_key: PEM } },
    'GET /api/v1/sys/settings/wechat/jssdk/config': {
      data: { app_id: 'wxoa', timestamp: 1, nonce_str: 'n', signature: 's' },
    },
  });
}

beforeEach(() => {
  resetJssdkForTests();
  resetWeixinSdkForTests();
  setSystemSetting(SETTINGS);
  Object.values(wx).forEach((fn) => typeof fn === 'function' && fn.mockClear());
  wx.miniProgram.postMessage.mockClear();
});

afterEach(() => {
  setUserAgent('jsdom');
  delete window.__wxjs_environment;
  delete window.wx;
  delete window.LingxiBridge;
  commonStore.set((prev) => ({ ...prev, systemSetting: null }));
});

describe('share cards inside WeChat', () => {
  it("a bot's page: wx.config, then its name, intro and avatar for friends and for Moments", async () => {
    setUserAgent(WECHAT_UA);
    api();
    const bot = makeBotSummary({ id: 5, name: '写作助手', intro: '帮你写', avatar: '/media/bots/5.png' });
    const { unmount } = renderWithProviders(<Cards bot={bot} />);
    await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalledTimes(1));
    expect(wx.config).toHaveBeenCalledTimes(1);
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: '写作助手',
      desc: '帮你写',
      link: `${ORIGIN}/bot/5`,
      imgUrl: `${ORIGIN}/media/bots/5.png`,
    });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({
      title: '写作助手',
      link: `${ORIGIN}/bot/5`,
      imgUrl: `${ORIGIN}/media/bots/5.png`,
    });

    // Leaving the page puts home's card back: no page shares the previous page's card.
    unmount();
    await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalledTimes(2));
    expect(wx.updateAppMessageShareData).toHaveBeenLastCalledWith({
      title: '灵犀，你的AI助手',
      desc: '',
      link: `${ORIGIN}/`,
      imgUrl: `${ORIGIN}/media/share.png`,
    });
  });

  it('home: share_title and share_image from settings', async () => {
    setUserAgent(WECHAT_UA);
    api();
    renderWithProviders(<Cards home="问我任何问题" />);
    await waitFor(() =>
      expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
        title: '灵犀，你的AI助手',
        desc: '问我任何问题',
        link: `${ORIGIN}/`,
        imgUrl: `${ORIGIN}/media/share.png`,
      }),
    );
  });

  it('a post: its opening words, its first picture, linking to the post', async () => {
    setUserAgent(WECHAT_UA);
    api();
    const post = makePost({
      id: 42,
      content: '今天和 **AI** 聊了一个下午',
      images: [{ url: '/media/u/Ab3dEfGhIjKlMnOpQrStUv.jpg', width: 800, height: 600 }],
    });
    renderWithProviders(<Cards post={post} />);
    await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalledTimes(1));
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: '今天和 AI 聊了一个下午',
      desc: '今天和 AI 聊了一个下午',
      link: `${ORIGIN}/post/detail?id=42`,
      // An uploaded picture is asked at a width the server keeps.
      imgUrl: `${ORIGIN}/media/u/Ab3dEfGhIjKlMnOpQrStUv.jpg@w375`,
    });
  });

  it('the SDK failing is only logged, and nothing is shown', async () => {
    setUserAgent(WECHAT_UA);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const toast = vi.fn();
    const { request } = await import('../request');
    mockApi({ 'GET /api/v1/sys/settings/wechat/jssdk/key': { code: 10001, msg: '出错了' } });
    request.configure({ toast });
    renderWithProviders(<Cards bot={makeBotSummary()} />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(toast).not.toHaveBeenCalled();
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('share cards in the mini-program web view', () => {
  it('the invite page posts its card, whose link carries the invite code, to the host', async () => {
    window.__wxjs_environment = 'miniprogram';
    const postMessage = vi.fn();
    window.wx = { miniProgram: { postMessage } };
    const { calls } = api();
    const user = makeUser({ nickname: '小明', invite_code: 'AB12CD', avatar: '/media/avatars/m.png' });
    renderWithProviders(<Cards user={user} />);
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledWith({
      data: {
        type: 'share',
        title: '小明 邀请你加入灵犀',
        desc: '通过我的链接注册，免费领 20 芯片',
        link: `${ORIGIN}/?invite_code=AB12CD`,
        imgUrl: `${ORIGIN}/media/avatars/m.png`,
      },
    });
    // No JS-SDK config in the mini program: the host shares.
    expect(calls).toHaveLength(0);
  });

  it("with nothing injected, the SDK package's wx.miniProgram.postMessage carries it", async () => {
    window.__wxjs_environment = 'miniprogram';
    api();
    renderWithProviders(<Cards bot={makeBotSummary({ id: 8, name: '翻译官', intro: '' })} />);
    await waitFor(() => expect(wx.miniProgram.postMessage).toHaveBeenCalledTimes(1));
    expect(wx.miniProgram.postMessage.mock.calls[0]![0]).toMatchObject({
      data: { type: 'share', title: '翻译官', desc: '来灵犀和翻译官聊聊吧', link: `${ORIGIN}/bot/8` },
    });
  });
});

describe('share cards elsewhere', () => {
  it.each([
    ['a plain browser', () => setUserAgent('Mozilla/5.0 (iPhone) Mobile Safari/604.1')],
    ['the Android wrapper', () => (window.LingxiBridge = {})],
  ])('%s: nothing is asked or posted', async (_name, setup) => {
    setup();
    const postMessage = vi.fn();
    window.wx = { miniProgram: { postMessage } };
    const { calls } = api();
    const { unmount } = renderWithProviders(<Cards bot={makeBotSummary()} home="" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(postMessage).not.toHaveBeenCalled();
    expect(wx.config).not.toHaveBeenCalled();
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
  });
});
