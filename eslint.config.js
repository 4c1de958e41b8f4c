import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Web boundaries (docs/architecture.md, Rules and their lint): a feature never imports another feature; what two
 * features share lives in src/components or src/lib, which import no feature. An import is named by its path, so
 * any path that climbs out of a feature into a sibling one (`../../chat/...`, `../../../features/chat/...`) counts.
 */
const WEB_SRC = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const intoFeature = (names) => `^(\\.\\./)+(features/)?(${names.join('|')})(/|$)`;
/**
 * The operator console (src/admin, docs/admin.md) is its own bundle with its own kit: the consumer app never imports
 * it or its kit (antd, its icons, the charts), and it uses the consumer app's src/lib only, never antd-mobile.
 */
const consoleKit = [
  {
    regex: '^(antd|antd/.*|@ant-design/.*|recharts)$',
    message: "antd and the charts are the console's kit (src/admin): the consumer app uses antd-mobile.",
  },
  {
    regex: '^(\\.\\./)+admin(/|$)',
    message: 'The consumer app never imports the console (src/admin): it is a separate bundle.',
  },
];
const webBoundaries = [
  {
    files: [`${WEB_SRC}/admin/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^antd-mobile', message: 'The console uses antd 5, not antd-mobile (docs/admin.md).' },
            {
              regex: '^(\\.\\./)+(features|app|components)(/|$)',
              message: 'The console shares only src/lib with the consumer app (docs/admin.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB_SRC}/app/**/*.{ts,tsx}`, `${WEB_SRC}/main.tsx`],
    rules: { 'no-restricted-imports': ['error', { patterns: consoleKit }] },
  },
  ...webFeatures.map((feature) => ({
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: intoFeature(webFeatures.filter((other) => other !== feature)),
              message: `features/${feature} must not import another feature: move what they share to src/components or src/lib.`,
            },
            ...consoleKit,
          ],
        },
      ],
    },
  })),
  {
    files: [
      `${WEB_SRC}/lib/**/*.{ts,tsx}`,
      `${WEB_SRC}/components/**/*.{ts,tsx}`,
      `${WEB_SRC}/test/**/*.{ts,tsx}`,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message:
                'src/lib, src/components and the test helpers are shared by every feature: they import none.',
            },
            ...consoleKit,
          ],
        },
      ],
    },
  },
];

/**
 * The server's boundaries (docs/architecture.md, "Rules and their lint"), with ESLint's no-restricted-imports:
 * a module reaches another only through its service (`<name>.service.ts`, and the types that file exports),
 * never its repository, presenter, routes or other files; a module's SQL uses its own tables only
 * (`db/schema/<module>.ts`); platform imports no module and no tables. Imports are relative, so a file's depth
 * below `modules/<name>/` says how many `../` leave its module.
 */
const SERVER = 'apps/server/src';
const MODULES = readdirSync(new URL(`./${SERVER}/modules`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** How deep a module's files go below `modules/<name>/` (knowledge/text/… is 2). */
const MODULE_DEPTH = 3;

/**
 * Every crossing of those lines, in this one place, with why. A listed file keeps the rules except that it may
 * use the tables of the modules named in `tables` ('*': every module's).
 */
const CROSSINGS = [
  {
    why: 'Balances are columns of users (account); the wallet repository is their only writer.',
    files: [
      'modules/wallet/wallet.repository.ts',
      'modules/wallet/earnings.repository.ts',
      'modules/wallet/membership.repository.ts',
    ],
    tables: ['account'],
  },
  {
    why: 'Tests that set up or check rows of other modules directly (a VIP, the ledger, holds, a bot, a log).',
    files: [
      'modules/account/deletion.routes.test.ts',
      'modules/account/reregistration.routes.test.ts',
      'modules/bots/bot-model.routes.test.ts',
      'modules/bots/review.test.ts',
      'modules/chat/bot-preview.test.ts',
      'modules/chat/reply.caches.test.ts',
      'modules/chat/reply.concurrency.test.ts',
      'modules/chat/reply.errors.test.ts',
      'modules/chat/reply.stream.test.ts',
      'modules/community/comments.moderation.test.ts',
      'modules/community/comments.notices.test.ts',
      'modules/invites/invites.signup.test.ts',
      'modules/invites/invites.commission.test.ts',
      'modules/earnings/withdrawals.admin.test.ts',
      'modules/knowledge/documents.routes.test.ts',
      'modules/knowledge/knowledge.chat.test.ts',
      'modules/knowledge/retrieval.test.ts',
      'modules/notices/notices.routes.test.ts',
      'modules/payments/refunds.test.ts',
      'modules/redeem/redeem.test.ts',
      'modules/redeem/redeem.admin.test.ts',
      'modules/settings/settings-admin.test.ts',
      'modules/settings/content-admin.test.ts',
      'modules/feedback/feedback-admin.test.ts',
      'modules/notices/broadcasts.admin.test.ts',
      'modules/wallet/wallet.test.ts',
      'platform/sms/aliyun.test.ts',
    ],
    tables: '*',
  },
];

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Leaving the module (`depth` times `../`) into another one, at anything but its service file. */
const otherModulesFiles = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}[^./][^/]*/(?![^/]+\\.service\\.js$)`,
  message: 'Another module is used through its service (<name>.service.ts) only, never its other files.',
});
/** Another module's tables, or all at once (db/schema.ts is for Drizzle Kit). */
const otherTables = (module, allowed = []) => ({
  regex: `(^|/)db/schema(\\.js$|/(?!(${[module, ...allowed, 'columns'].join('|')})\\.js$))`,
  message: `A module uses its own tables only (db/schema/${module}.ts); ask the owning module's service.`,
});
const anyModule = (tablesToo) => ({
  regex: tablesToo ? '(^|/)(modules|db/schema)(/|\\.js$)' : '(^|/)modules/',
  message: 'platform is below the modules: it imports no module and no tables.',
});

const serverBoundaries = [
  ...MODULES.flatMap((module) =>
    Array.from({ length: MODULE_DEPTH }, (_, i) => ({
      files: [`${SERVER}/modules/${module}/${'*/'.repeat(i)}*.ts`],
      rules: restrict(otherModulesFiles(i + 1), otherTables(module)),
    })),
  ),
  { files: [`${SERVER}/platform/**/*.ts`], rules: restrict(anyModule(true)) },
  ...CROSSINGS.flatMap(({ files, tables }) =>
    files.map((file) => {
      const [area, module] = file.split('/');
      const depth = file.split('/').length - 2;
      const patterns =
        area === 'platform'
          ? [anyModule(tables !== '*')]
          : [otherModulesFiles(depth), ...(tables === '*' ? [] : [otherTables(module, tables)])];
      return { files: [`${SERVER}/${file}`], rules: restrict(...patterns) };
    }),
  ),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', '.data-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Query keys come from one factory (src/lib/query-keys.ts), so an invalidation reaches every feature's copy.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            'Take the query key from queryKeys (src/lib/query-keys.ts; the console: src/admin/lib/console-keys.ts), not an array written here.',
        },
      ],
    },
  },
  ...webBoundaries,
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/*.mjs', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  ...serverBoundaries,
);
