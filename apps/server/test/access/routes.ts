import type { TestApp } from '../helpers.js';

/**
 * Every route of the app that is not a row of the access matrix, with the reason it needs none
 * (docs/access-matrix.md). A route added later appears in none of these lists and none of the rows, and the
 * matrix test fails naming it: decide which it is, and add a row or a line here.
 */

/**
 * The built web app's files, each a route of its own (platform/http/web-static.ts): the same bytes for everyone.
 * The matrix serves a fixture build of these three (world.ts), whatever `npm run build` left in apps/web/dist.
 */
const webFile = "the built web app's files, the same for everyone";
const WEB_FILES: Record<string, string> = {
  'GET /index.html': webFile,
  'GET /admin.html': webFile,
  'GET /assets/index-fixture.js': webFile,
};

/** Anyone may call these, logged in or not; they hold no one's own resource. */
export const PUBLIC: Record<string, string> = {
  'POST /api/v1/login/code/{phone}': 'signing in: sends a code to the phone given',
  'POST /api/v1/phone/login': 'signing in',
  'GET /api/v1/avatar/{gender}': 'the generated default avatars',
  'GET /api/v1/setting': 'platform settings',
  'GET /api/v1/version': 'the release notes',
  'GET /api/v1/content/{slug}': "the operators' content pages",
  'POST /api/v1/opinion': 'feedback, signed or not; it only writes',
  'POST /api/v1/upload': 'the one-use grant in the form is the credential (a stranger never sees one)',
  'GET /api/v1/bot/category': 'the catalogue',
  'GET /api/v1/bot': 'the catalogue (published bots only)',
  'GET /api/v1/bot/home': 'the catalogue (published bots only)',
  'GET /api/v1/model': 'the models on offer',
  'GET /api/v1/member/plans': 'the plans on sale',
  'GET /api/v1/post': 'the public feed (published posts only)',
  'GET /api/v1/topic': 'the topics',
  'GET /api/v1/sys/settings/wechat/jssdk/config': 'the WeChat JS-SDK config, a signed request of the page',
  'GET /api/v1/sys/settings/wechat/jssdk/key': 'the public key that signs those requests',
  'GET /media/avatars/{kind}/{file}': 'generated avatars',
  'GET /api/docs': 'the API description',
  'GET /healthz': 'the health check',
  'GET /livez': 'the liveness check: the process is up, nothing else',
  'GET /readyz': 'the readiness check: which shared services answer, no data',
  'GET /metrics':
    'counters without user data, refused through the proxy or without METRICS_TOKEN (docs/deploy.md)',
  ...WEB_FILES,
};

/** Calls of a payment provider, not of a user: each is refused unless its signature verifies. */
export const HOOKS: Record<string, string> = {
  'POST /api/v1/pay/wechat/notify': 'WeChat Pay, signed',
  'POST /api/v1/pay/wechat/refund-notify': 'WeChat Pay, signed',
  'POST /api/v1/pay/sandbox/notify': 'the sandbox provider, signed',
};

/**
 * The caller's own, and nothing else: no id in the request names a resource, so a stranger cannot point one at
 * the owner's. Each GET is still called as the stranger (the answer must not carry the owner's secret), and
 * every one refuses an anonymous caller (20003).
 */
export const SELF: Record<string, string> = {
  'GET /api/v1/user': 'the caller',
  'DELETE /api/v1/user': "the caller's account (with their SMS code)",
  'POST /api/v1/logout': "the caller's session",
  'POST /api/v1/user/deletion/code': "a code to the caller's phone",
  'GET /api/v1/upload/token': 'a grant for the caller',
  'GET /api/v1/wallet': "the caller's wallet",
  'GET /api/v1/chip/record': "the caller's chip ledger",
  'GET /api/v1/bot/favourite': "the caller's favourite bots",
  'GET /api/v1/conversation': "the caller's conversations",
  'GET /api/v1/bot/mine': "the caller's bots",
  'GET /api/v1/notice/unread': "the caller's unread counts",
  'GET /api/v1/notice': "the caller's notices (reading marks the caller's read)",
  'GET /api/v1/knowledge': "the caller's bases",
  'POST /api/v1/knowledge': 'a base of the caller',
  'GET /api/v1/knowledge/options': "the caller's bases, for the bot editor",
  'POST /api/v1/order': 'an order of the caller',
  'GET /api/v1/order': "the caller's orders",
  'GET /api/v1/wechat/oa/openid': "the caller's WeChat openid",
  'GET /api/v1/invite/reward': "the caller's invitation rewards",
  'GET /api/v1/invite/reward/count': "the caller's invitation rewards",
  'POST /api/v1/redeem': 'a code redeemed to the caller',
  'GET /api/v1/earnings/record': "the caller's earnings ledger",
  'GET /api/v1/earnings/creator': "the caller's creator earnings",
  'GET /api/v1/withdrawal/rules': "the caller's withdrawal limits",
  'POST /api/v1/withdrawal': "a withdrawal from the caller's earnings",
  'GET /api/v1/withdrawal': "the caller's withdrawals",
  'GET /api/v1/snippet': "the caller's snippets",
  'GET /api/v1/post/favourite': "the caller's favourite posts",
  'POST /api/v1/user/{id}/block': "the caller's block list (the id is a user, whom anyone may block)",
  'DELETE /api/v1/user/{id}/block': "the caller's block list",
  'GET /api/v1/user/block': "the caller's block list",
};

/** Operators' routes: a plain user gets 10003 and an anonymous caller 20003. */
export const ADMIN_PREFIX = '/api/v1/admin/';

/**
 * Every route the app serves, as `METHOD /path/{param}`: the API description's, and the hidden ones (media,
 * signed hooks, health) from Fastify's own table. HEAD (added for each GET) and the CORS preflight are left out.
 */
export function allRoutes(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const found = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const method of Object.keys(ops)) found.add(`${method.toUpperCase()} ${path}`);
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (m[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD' && method !== 'OPTIONS') found.add(`${method} ${path}`);
  }
  return [...found].sort();
}
