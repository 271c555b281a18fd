// Shared by the benchmarks: start the built server on a throw-away database, and record results.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The built server on a fresh data folder; `cpu` pins it to one core (taskset) for load tests. */
export async function startBuiltServer({ port, env = {}, cpu }) {
  const dataDir = `.tmp/bench-data-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const command = cpu === undefined ? [process.execPath] : ['taskset', '-c', String(cpu), process.execPath];
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(command[0], [...command.slice(1), ...profile, 'dist/server/main.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    // The server's log (warnings and errors) beside its data, for when a run goes wrong.
    stdio: ['ignore', openSync(`.tmp/bench-server-${port}.log`, 'w'), 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    dataDir,
    /** Graceful stop (SIGTERM: the server writes what it buffered); keeps the data folder if asked. */
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes bench/results/<name>.json with the machine it ran on, and prints a one-line verdict. */
export function record(name, result) {
  mkdirSync('bench/results', { recursive: true });
  const entry = {
    ...result,
    ran_at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
  };
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(entry, null, 2)}\n`);
  console.log(`${name}: ${result.verdict}`);
}
