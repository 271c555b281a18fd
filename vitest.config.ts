import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) },
  },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
