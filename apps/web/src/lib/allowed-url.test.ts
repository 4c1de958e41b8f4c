import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowedExternal, allowedRedirect, allowedWebView, type AllowedTarget } from './allowed-url';

const HOSTS = ['ok.example.com', 'docs.example.com:8443'];
const ORIGIN = 'https://app.example.com';

const redirect = (raw: unknown) => allowedRedirect(raw, HOSTS, ORIGIN);
const webView = (raw: unknown) => allowedWebView(raw, HOSTS);
const reason = (t: AllowedTarget) => (t.kind === 'refused' ? t.reason : t.kind);

describe('/redirect allow-list', () => {
  it.each([
    ['/user', '/user'],
    ['/bot/12?from=share#top', '/bot/12?from=share#top'],
    ['/post/detail?id=5&x=%E4%BD%A0', '/post/detail?id=5&x=%E4%BD%A0'],
    ['/a/../user', '/user'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['https://app.example.com/invite?code=AB12', '/invite?code=AB12'],
    ['/', '/'],
  ])('follows the app path %s as %s', (raw, path) => {
    expect(redirect(raw)).toEqual({ kind: 'internal', path });
  });

  it('follows an https address on a listed host, as the parser writes it', () => {
    expect(redirect('https://ok.example.com/a?b=1#c')).toEqual({
      kind: 'external',
      url: 'https://ok.example.com/a?b=1#c',
      host: 'ok.example.com',
    });
    expect(redirect('https://docs.example.com:8443')).toMatchObject({
      kind: 'external',
      url: 'https://docs.example.com:8443/',
    });
  });

  it.each([
    ['//evil.example', 'scheme'],
    ['//evil.example/path', 'scheme'],
    ['/\\evil.example', 'invalid'],
    ['\\\\evil.example', 'invalid'],
    ['/..//evil.example', 'scheme'],
    ['/./..//evil.example/x', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['JaVaScRiPt:alert(1)', 'scheme'],
    ['javascript://ok.example.com/%0aalert(1)', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['vbscript:msgbox', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['http://ok.example.com/', 'scheme'],
    ['HTTPS://ok.example.com/', 'scheme'],
    ['https:ok.example.com', 'scheme'],
    ['https:/ok.example.com', 'scheme'],
    ['https:///ok.example.com', 'host'],
    ['http://app.example.com/user', 'scheme'],
    ['https://evil.example/', 'host'],
    ['https://ok.example.com@evil.example/', 'host'],
    ['https://ok.example.com:@evil.example/', 'host'],
    ['https://user:pw@ok.example.com/', 'host'],
    ['https://evil.example#@ok.example.com', 'host'],
    ['https://evil.example?@ok.example.com', 'host'],
    ['https://ok.example.com.evil.example/', 'host'],
    ['https://evil-ok.example.com/', 'host'],
    ['https://sub.ok.example.com/', 'host'],
    ['https://example.com/', 'host'],
    ['https://OK.example.com/', 'host'],
    ['https://ok.EXAMPLE.com/', 'host'],
    ['https://ok.example.com./', 'host'],
    ['https://ok.example.com:443/', 'host'],
    ['https://ok.example.com:8443/', 'host'],
    ['https://docs.example.com/', 'host'],
    ['https://ok%2eexample.com/', 'host'],
    ['https://ｏｋ.example.com/', 'host'],
    ['https://оk.example.com/', 'host'],
    ['https://xn--k-0tb.example.com/', 'host'],
    ['https://[::1]/', 'host'],
    ['https://127.0.0.1/', 'host'],
    ['https://2130706433/', 'host'],
    [' /user', 'invalid'],
    ['/user ', 'invalid'],
    ['\t/user', 'invalid'],
    ['/us\ner', 'invalid'],
    ['/us\u0000er', 'invalid'],
    ['https://ok.example.com/\u0000', 'invalid'],
    ['https://ok.exa\tmple.com/', 'invalid'],
    ['\u200bhttps://ok.example.com/', 'invalid'],
    ['https://ok.example.com\u202e/', 'invalid'],
    ['\ufeff/user', 'invalid'],
    ['/user\u3000', 'invalid'],
    ['/user\u00a0', 'invalid'],
    ['', 'invalid'],
    [null, 'invalid'],
    [undefined, 'invalid'],
    [['/user'], 'invalid'],
    [`/${'a'.repeat(2048)}`, 'invalid'],
    ['user', 'scheme'],
    ['evil.example', 'scheme'],
    ['ok.example.com', 'scheme'],
    ['/redirect?to=/user', 'loop'],
    ['/REDIRECT/?to=/user', 'loop'],
    ['/redirect%2F?to=/user', 'loop'],
    ['https://app.example.com/redirect', 'loop'],
  ])('refuses %j (%s)', (raw, why) => {
    expect(reason(redirect(raw))).toBe(why);
  });

  it('an app on http (a LAN address) takes its own origin as a path and no other http address', () => {
    const lan = 'http://127.0.0.1:3000';
    expect(allowedRedirect('http://127.0.0.1:3000/user?a=1', HOSTS, lan)).toEqual({
      kind: 'internal',
      path: '/user?a=1',
    });
    expect(reason(allowedRedirect('http://127.0.0.1:3001/user', HOSTS, lan))).toBe('scheme');
    expect(reason(allowedRedirect('https://127.0.0.1:3000/user', HOSTS, lan))).toBe('host');
  });

  it('an empty list allows no outside address at all', () => {
    expect(reason(allowedRedirect('https://ok.example.com/', [], ORIGIN))).toBe('host');
    expect(allowedRedirect('/user', [], ORIGIN)).toEqual({ kind: 'internal', path: '/user' });
  });

  it('a list entry is compared trimmed and in lower case', () => {
    expect(allowedExternal('https://ok.example.com/', [' OK.example.com '])).toMatchObject({
      kind: 'external',
    });
  });
});

describe('/mini-web-view allow-list', () => {
  it('shows an https page on a listed host', () => {
    expect(webView('https://ok.example.com/help?a=1')).toEqual({
      kind: 'external',
      url: 'https://ok.example.com/help?a=1',
      host: 'ok.example.com',
    });
  });

  it.each([
    '/user',
    'https://app.example.com/user',
    'http://ok.example.com/',
    '//ok.example.com/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://ok.example.com@evil.example/',
    'https://evil.example/',
    'https://OK.example.com/',
    'https://ok.example.com./',
    ' https://ok.example.com/',
    'https://ok.example.com/\n',
    'about:blank',
    'blob:https://ok.example.com/1',
  ])('refuses %j', (raw) => {
    expect(webView(raw).kind).toBe('refused');
  });
});

describe('whatever the input', () => {
  // Pieces attackers use, joined at random: every answer must keep its promise.
  const PIECES = [
    '/',
    '//',
    '\\',
    '@',
    ':',
    '.',
    '#',
    '?',
    '%',
    '%2f',
    '%2e',
    '%00',
    'https:',
    'http:',
    'javascript:',
    'HTTPS:',
    'ok.example.com',
    'evil.example',
    'app.example.com',
    'redirect',
    'user',
    ' ',
    '\t',
    '\n',
    '\u0000',
    '\u3002',
    'ｏ',
    'xn--',
    ':8443',
    ':443',
    '[',
    ']',
    'a',
    '..',
    '&',
    '=',
  ];
  const random = () =>
    Array.from({ length: randomInt(1, 9) }, () => PIECES[randomInt(PIECES.length)]).join('');

  it('an internal answer stays on the origin; an external one is https on a listed host', () => {
    for (let i = 0; i < 20_000; i++) {
      const raw = random();
      for (const target of [redirect(raw), webView(raw)]) {
        if (target.kind === 'internal') {
          expect(target.path.startsWith('/') && !target.path.startsWith('//'), raw).toBe(true);
          expect(new URL(target.path, ORIGIN).origin, raw).toBe(ORIGIN);
        }
        if (target.kind === 'external') {
          const url = new URL(target.url);
          expect(url.protocol, raw).toBe('https:');
          expect(HOSTS, raw).toContain(url.host);
          expect(url.username + url.password, raw).toBe('');
          expect(raw.startsWith(`https://${url.host}`), raw).toBe(true);
        }
      }
    }
  });
});
