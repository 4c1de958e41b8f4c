/**
 * The path on this app that an image URL from a client leads a browser to, resolved the way the browser
 * resolves it (dot segments and their percent-escaped forms, backslashes; query and fragment dropped), or null
 * when it leads to another host or is no URL at all. Checks of who owns an image run on this path, never on
 * the URL as written: `/media/avatars/../u/<key>.png` is `/media/u/<key>.png` to the browser.
 */
export function mediaPathOf(url: string, publicUrl: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(url, `${publicUrl}/`);
  } catch {
    return null;
  }
  if (resolved.origin !== new URL(publicUrl).origin) return null;
  return resolved.pathname;
}
