/**
 * What TypeScript sees of the `weixin-js-sdk` package (mapped in apps/web/tsconfig.json): the app types the parts
 * of the SDK it uses itself (`sdk.ts`). The package's own typings redeclare `window.WeixinJSBridge` and
 * `window.__wxjs_environment` as `any`, which clashes with `lib/platform.ts`.
 */
declare const wx: unknown;
export default wx;
