// The browser tests drive Debian's Chromium (npm cannot bring a browser here). Installs it when it
// is missing and we are root; otherwise says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
        'or point CHROME_PATH at a Chromium or Chrome binary, then run the tests again.',
    );
    return false;
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(ensureChromium() ? 0 : 1);
}
