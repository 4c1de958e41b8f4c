import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['modules/wallet/wallet.repository.ts'],
    tables: ['account'],
  },
  {
    why: 'Tests that set up or check rows of other modules directly (a VIP, the ledger, holds, a bot, a log).',
    files: [
      'modules/account/deletion.routes.test.ts',
      'modules/bots/review.test.ts',
      'modules/chat/bot-preview.test.ts',
      'modules/chat/reply.caches.test.ts',
      'modules/chat/reply.errors.test.ts',
      'modules/chat/reply.stream.test.ts',
      'modules/knowledge/documents.routes.test.ts',
      'modules/knowledge/knowledge.chat.test.ts',
      'modules/knowledge/retrieval.test.ts',
      'modules/notices/notices.routes.test.ts',
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
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/*.mjs', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  ...serverBoundaries,
);
