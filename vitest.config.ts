import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) },
  },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    // `*.postgres.test.ts` needs a PostgreSQL server of its own (kill -9 of a child server on it):
    // it runs in the PostgreSQL pass (TEST_DB=postgres) and is not part of the PGlite one.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DB === 'postgres' ? [] : ['**/*.postgres.test.ts'])],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
