import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', environment: 'node' } },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
      './e2e/vitest.config.ts',
    ],
  },
});
