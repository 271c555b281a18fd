// A tracker the affiliates' postbacks reach: it counts what it hears (see scripts/test-cluster.mjs).
import http from 'node:http';

export const trackerHits = new Map(); // "sale:event" -> count
export const trackerFirstHitAt = new Map(); // "sale:event" -> when it was first heard
export const tracker = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://tracker');
  const key = `${url.searchParams.get('sale')}:${url.searchParams.get('event')}`;
  trackerHits.set(key, (trackerHits.get(key) ?? 0) + 1);
  if (!trackerFirstHitAt.has(key)) trackerFirstHitAt.set(key, Date.now());
  res.end('ok');
});
