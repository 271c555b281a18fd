// Starts the built server for the Playwright run on a fresh embedded database (or on
// E2E_DATABASE_URL when set), with a known admin, so every run begins from the same state.
import { rmSync } from 'node:fs';

const dataDir = '.tmp/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO_DATA: '0',
  ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
});
await import('../dist/server/main.mjs');
