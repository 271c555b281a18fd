// Two servers bundled from the source, behind Debian's HAProxy, on one PostgreSQL database
// (see scripts/test-cluster.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { haproxyConfig } from '../../deploy/haproxy-config.mjs';
import { HAPROXY } from '../ensure-haproxy.mjs';
import { ADMIN, call, children, freePort, log, proxy, sleep, WORK } from './harness.mjs';
import { tracker } from './tracker.mjs';

/**
 * Starts both servers together on the empty database (decision 025: one migrates, one waits) and
 * HAProxy before them; resolves once the proxy has both in its pool. `dataDirs` collects the
 * servers' data folders, for the caller to remove whatever happens.
 */
export async function startCluster({ databaseUrl, dataDirs }) {
  // The server bundled as `npm run build` bundles it (a server starts in a fraction of tsx's time),
  // into this run's folder: dist/ is left alone.
  await build({
    entryPoints: ['server/src/main.ts'],
    outfile: `${WORK}/server/main.mjs`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  });
  cpSync('server/src/db/migrations', `${WORK}/server/migrations`, { recursive: true });

  proxy.port = await freePort();
  const publicUrl = `http://127.0.0.1:${proxy.port}`;
  tracker.listen(0, '127.0.0.1');
  await once(tracker, 'listening');
  const trackerPort = tracker.address().port;

  // Two servers, started together on the empty database (decision 025: one migrates, one waits).
  const startServer = (server) => {
    const out = openSync(server.logFile, 'a');
    server.child = spawn(process.execPath, [`${WORK}/server/main.mjs`], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: server.dataDir,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
        // The affiliates' tracker is this script, on 127.0.0.1.
        OUTBOUND_ALLOW_PRIVATE: '1',
        OUTBOUND_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', out, out],
    });
    children.add(server.child);
  };
  const servers = [];
  for (const name of ['app1', 'app2']) {
    const server = {
      name,
      port: await freePort(),
      dataDir: mkdtempSync(join(tmpdir(), 'afiliados-cluster-')),
      logFile: `${WORK}/${name}.log`,
      child: null,
    };
    startServer(server);
    servers.push(server);
    dataDirs.push(server.dataDir);
  }
  const victim = servers[0];

  const cfg = haproxyConfig({
    servers: servers.map((s) => `127.0.0.1:${s.port}`),
    bind: `127.0.0.1:${proxy.port}`,
    checkIntervalMs: 500,
    local: true,
    servedBy: true,
  });
  writeFileSync(`${WORK}/haproxy.cfg`, cfg);
  const haproxyLog = openSync(`${WORK}/haproxy.log`, 'w');
  const haproxy = spawn(HAPROXY, ['-db', '-f', `${WORK}/haproxy.cfg`], { stdio: ['ignore', haproxyLog, haproxyLog] });
  children.add(haproxy);

  // Ready when the proxy has both servers in its pool (each answers /api/v1/ready through it).
  const seen = new Set();
  for (const deadline = Date.now() + 90_000; seen.size < servers.length; await sleep(200)) {
    if (Date.now() > deadline) throw new Error(`the servers were not up behind HAProxy in 90 s (seen: ${[...seen]})`);
    for (const s of servers) {
      if (s.child.exitCode !== null) throw new Error(`${s.name} stopped at start: ${readFileSync(s.logFile, 'utf8')}`);
    }
    if (haproxy.exitCode !== null) throw new Error(`haproxy stopped: ${readFileSync(`${WORK}/haproxy.log`, 'utf8')}`);
    const res = await call('GET', '/api/v1/ready', { timeoutMs: 2_000 });
    if (res.status === 200 && res.servedBy) seen.add(res.servedBy);
  }
  log(`both servers up behind HAProxy on ${publicUrl}`);
  return { servers, victim, startServer, publicUrl, trackerPort };
}
