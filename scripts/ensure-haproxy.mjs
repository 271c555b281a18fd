// The cluster test puts Debian's HAProxy in front of two servers (npm cannot bring it). Installs it
// when it is missing and we are root; otherwise says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export function ensureHaproxy() {
  if (existsSync(HAPROXY)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `HAProxy is missing at ${HAPROXY}. Install it (Debian/Ubuntu: sudo apt-get install -y haproxy) ` +
        'or point HAPROXY_PATH at an haproxy binary, then run the tests again.',
    );
    return false;
  }
  console.log('Installing Debian haproxy for the cluster test...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env });
  return existsSync(HAPROXY);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(ensureHaproxy() ? 0 : 1);
}
