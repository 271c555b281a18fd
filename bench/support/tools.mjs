// The benchmarks' own tools (Lighthouse, puppeteer-core for its user flows, chrome-launcher, autocannon) live in bench/package.json, not
// in the portal's install: a newcomer's `npm install` stays light, and a bench installs them the first
// time it needs them, from bench/package-lock.json (docs/decisions/015).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('..', import.meta.url));
const TOOLS = ['autocannon', 'chrome-launcher', 'lighthouse', 'puppeteer-core'];

/** Installs the bench tools into bench/node_modules when any is missing; call before importing them. */
export function ensureBenchTools() {
  if (TOOLS.every((name) => existsSync(`${BENCH}/node_modules/${name}/package.json`))) return;
  console.log('Installing the bench tools (bench/package.json)...');
  execFileSync('npm', ['ci', '--prefix', BENCH, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
