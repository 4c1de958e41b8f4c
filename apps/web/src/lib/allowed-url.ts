/**
 * The one allow-list of the pages that open an address from the query string: `/redirect?to=…` and
 * `/mini-web-view?url=…` (docs/platforms.md, Pages). No open redirect: an address is followed only when it is a
 * path of this app, or an https address, written in its plain form, on a host the operators list in the
 * `web_view_hosts` setting.
 */

export type RefusalReason =
  /** Empty, too long, unparsable, or holding whitespace, control, invisible or backslash characters. */
  | 'invalid'
  /** Not https (javascript:, data:, http: to another host, a scheme-relative //host …). */
  | 'scheme'
  /** A host not on the list, or one written in a form that hides what it is (case, IDN, userinfo, port). */
  | 'host'
  /** `/redirect` to itself. */
  | 'loop';

export type AllowedTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string; host: string }
  | { kind: 'refused'; reason: RefusalReason };

const MAX_LENGTH = 2048;

/** C0/C1 controls, the soft hyphen, zero-width and direction marks: invisible, or changing how text reads. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/gu;

/** A text from the query string shown as it reads: invisible characters dropped, spaces collapsed. */
export function visibleText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(INVISIBLE, '').trim();
}

/*
 * Whitespace of every kind, invisible characters and the backslash: browsers drop or reinterpret them while
 * parsing (`/\evil` is `//evil`), so an address holding one is refused outright.
 */
const hidden = (text: string) => /[\s\\]/.test(text) || text.replace(INVISIBLE, '') !== text;

/** What every address must pass before it is parsed. */
function plainText(raw: unknown): raw is string {
  return typeof raw === 'string' && raw.length > 0 && raw.length <= MAX_LENGTH && !hidden(raw);
}

/** A path of this app: starts with one `/`, and stays on `origin` when resolved. */
function internalPath(raw: string, origin: string): AllowedTarget {
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'refused', reason: 'invalid' };
  }
  // `/..//evil` resolves to the path `//evil`, which a router would read as another host.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//'))
    return { kind: 'refused', reason: 'scheme' };
  return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
}

/** `scheme://authority…`, the scheme and authority exactly as written. */
const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/;

/**
 * An https address on a listed host. The host must be written as the URL parser writes it (lower-case ASCII, no
 * trailing dot, no percent signs, no default port, no `user@`), so what the list says is what the browser opens.
 */
export function allowedExternal(raw: unknown, allowedHosts: readonly string[]): AllowedTarget {
  if (!plainText(raw)) return { kind: 'refused', reason: 'invalid' };
  const written = ABSOLUTE.exec(raw);
  if (!written || written[1] !== 'https') return { kind: 'refused', reason: 'scheme' };
  const authority = written[2]!;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refused', reason: 'invalid' };
  }
  if (url.protocol !== 'https:') return { kind: 'refused', reason: 'scheme' };
  if (url.username || url.password || authority.includes('@')) return { kind: 'refused', reason: 'host' };
  if (url.host !== authority) return { kind: 'refused', reason: 'host' };
  const listed = allowedHosts.some((h) => h.trim().toLowerCase() === url.host);
  if (!listed) return { kind: 'refused', reason: 'host' };
  return { kind: 'external', url: url.href, host: url.host };
}

export const REDIRECT_PATH = '/redirect';

/** The path part as the router matches it: without query and hash, percent signs decoded. */
function decodedPath(path: string): string {
  const bare = path.replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/**
 * `/redirect?to=…`: a path of this app (or an address on this very origin, made a path), else an allowed
 * outside https address. `origin` is the page's own (`window.location.origin`).
 */
export function allowedRedirect(
  raw: unknown,
  allowedHosts: readonly string[],
  origin: string,
): AllowedTarget {
  if (!plainText(raw)) return { kind: 'refused', reason: 'invalid' };
  let target: AllowedTarget;
  if (raw.startsWith('/')) {
    target = raw.startsWith('//') ? { kind: 'refused', reason: 'scheme' } : internalPath(raw, origin);
  } else {
    const written = ABSOLUTE.exec(raw);
    const own = new URL(origin);
    // The app's own origin written out in full is a path of this app.
    target =
      written && `${written[1]}:` === own.protocol && written[2] === own.host
        ? internalPath(raw, origin)
        : allowedExternal(raw, allowedHosts);
  }
  if (target.kind === 'internal') {
    // Routes match without regard to case or a trailing slash.
    const pathname = decodedPath(target.path)
      .replace(/(.)\/+$/, '$1')
      .toLowerCase();
    if (pathname === REDIRECT_PATH) return { kind: 'refused', reason: 'loop' };
  }
  return target;
}

/** `/mini-web-view?url=…`: only an allowed outside https address; the app's own pages open as pages. */
export function allowedWebView(raw: unknown, allowedHosts: readonly string[]): AllowedTarget {
  return allowedExternal(raw, allowedHosts);
}
