// `npm start`: build when the sources are newer than the build, then serve with the demo programme.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUTS = ['dist/web/index.html', 'dist/server/main.mjs'];
const SOURCES = ['web', 'server/src', 'contract', 'package-lock.json', 'vite.config.ts'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = Math.min(...OUTPUTS.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the portal...');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}

process.env.DEMO_DATA ??= '1';
process.env.LOG_LEVEL ??= 'warn';
await import('../dist/server/main.mjs');
