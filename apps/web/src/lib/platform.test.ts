import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectPlatform, reloginViaHost } from './platform';
import { createRelogin } from './relogin';

afterEach(() => {
  delete window.__wxjs_environment;
  delete window.wx;
  delete window.LingxiBridge;
  vi.useRealTimers();
});

describe('platform bridge', () => {
  it('is a plain browser by default and hands nothing to a host', () => {
    expect(detectPlatform()).toBe('browser');
    expect(reloginViaHost('/user')).toBe(false);
  });

  it('in the mini-program web view, relogin relaunches the host login page with the redirect', () => {
    const reLaunch = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { reLaunch } };
    expect(detectPlatform()).toBe('miniprogram');
    expect(reloginViaHost('/user/info?a=1')).toBe(true);
    expect(reLaunch).toHaveBeenCalledWith({
      url: `/pages/login/index?redirect=${encodeURIComponent('/user/info?a=1')}`,
    });
  });

  it('in the mini program without reLaunch, it navigates to the host login page', () => {
    const navigateTo = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { navigateTo } };
    expect(reloginViaHost('/')).toBe(true);
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/login/index?redirect=%2F' });
  });

  it("in the Android wrapper, relogin calls the wrapper's hook", () => {
    const relogin = vi.fn();
    window.LingxiBridge = { relogin };
    expect(detectPlatform()).toBe('android');
    expect(reloginViaHost('/user')).toBe(true);
    expect(relogin).toHaveBeenCalledTimes(1);
  });

  it('relogin clears the login state and lets the host take over instead of the web login page', () => {
    vi.useFakeTimers();
    const relogin = vi.fn();
    window.LingxiBridge = { relogin };
    const navigate = vi.fn();
    const clearLogin = vi.fn();
    const trigger = createRelogin({ getCurrentPath: () => '/user', clearLogin, navigate });
    trigger();
    trigger();
    vi.advanceTimersByTime(499);
    expect(relogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clearLogin).toHaveBeenCalledTimes(1);
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
