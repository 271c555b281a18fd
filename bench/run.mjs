// `npm run bench`: builds the portal, then runs every bench/*.bench.mjs (or those named on the
// command line) one after another, each writing its results to bench/results/.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((name) => name.endsWith('.bench.mjs'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)));

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
for (const bench of benches) {
  console.log(`\n━━ ${bench}`);
  execFileSync(process.execPath, [`bench/${bench}`], { stdio: 'inherit' });
}
