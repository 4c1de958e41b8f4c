/** Only same-app paths are followed after login: no `//host` or absolute URLs (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/pages/login/index'))
    return fallback;
  return value;
}
