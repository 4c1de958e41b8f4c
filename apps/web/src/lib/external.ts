/** Leaves the app for an outside page (WeChat's authorisation, WeChat Pay's H5 cashier). One place, so tests see it. */
export function openExternal(url: string): void {
  window.location.assign(url);
}

/** Leaves for an outside page in place of this one, so back does not land on a page that leaves again (/redirect). */
export function replaceExternal(url: string): void {
  window.location.replace(url);
}
