import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ChildServer = {
  base: string;
  /** `kill -9`: no shutdown hook runs, nothing buffered is written. Resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, the graceful stop. */
  stop(): Promise<void>;
};

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The real server, `server/src/main.ts` through tsx, as a child process on the given PostgreSQL
 * database: what a crash test kills. Resolves once `/api/v1/ready` answers.
 */
export async function startChildServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'afiliados-child-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'child-server-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const gone = exited(child);
  const cleanUp = () => rm(dataDir, { recursive: true, force: true });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start: ${errors}`);
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) break;
    } catch {}
    if (tries > 300) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in 30 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    async kill9() {
      child.kill('SIGKILL');
      await gone;
      await cleanUp();
    },
    async stop() {
      child.kill('SIGTERM');
      await gone;
      await cleanUp();
    },
  };
}
