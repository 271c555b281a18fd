// Bundles the server into dist/server/main.mjs (dependencies stay in node_modules) and copies the
// migrations beside it, where server/src/db/client.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
cpSync('server/src/db/migrations', 'dist/server/migrations', { recursive: true });
