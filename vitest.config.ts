import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// `*.postgres.test.ts` needs a PostgreSQL server of its own (kill -9 of a child server on it): it runs
// in the PostgreSQL pass (TEST_DB=postgres) and is not part of the PGlite one.
const exclude = [...configDefaults.exclude, ...(process.env.TEST_DB === 'postgres' ? [] : ['**/*.postgres.test.ts'])];
// The kill -9 tests check a promise made for a server that has the machine to itself (a crash loses
// only what was answered in the last second, on a database made slow on purpose). Run
// beside other files on two cores, they measure the other files' load instead: they run last, alone.
const alone = ['server/**/*-crash.postgres.test.ts'];

const resolve = { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } };
// Two test files per core: a file spends about half its time waiting (on the database, a timer, a
// child server), so one per core leaves the cores idle (measured on two cores: 333 s -> 247 s on PGlite,
// 390 s -> 231 s on PostgreSQL).
const maxWorkers = 2 * availableParallelism();
const common = { pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000, maxWorkers } as const;

// The projects repeat the common settings rather than `extends: true`, which would also run the
// global setup (a migrated template database) once per project instead of once for the run.
export default defineConfig({
  resolve,
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    ...common,
    projects: [
      {
        resolve,
        test: {
          ...common,
          name: 'parallel',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          exclude: [...exclude, ...alone],
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          ...common,
          name: 'alone',
          include: alone,
          exclude,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
