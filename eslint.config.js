import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

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
const webBoundaries = [
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
          ],
        },
      ],
    },
  },
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
          message: 'Take the query key from queryKeys (src/lib/query-keys.ts), not an array written here.',
        },
      ],
    },
  },
  ...webBoundaries,
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/*.mjs', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
