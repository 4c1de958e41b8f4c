/** Leaves the app for an outside page (WeChat's authorisation, WeChat Pay's H5 cashier). One place, so tests see it. */
export function openExternal(url: string): void {
  window.location.assign(url);
}
