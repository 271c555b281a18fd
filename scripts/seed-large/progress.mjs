// The large seed's progress: a line per step with the time since the start.
import { performance } from 'node:perf_hooks';

export const started = performance.now();
const timings = {};

export function log(message) {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

export async function step(name, client, text, values) {
  const at = performance.now();
  const result = await client.query(text, values);
  timings[name] = Math.round(performance.now() - at);
  log(`${name}: ${result.rowCount ?? ''} (${(timings[name] / 1000).toFixed(1)} s)`);
  return result;
}
