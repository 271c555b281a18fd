// One autocannon run, as its own process so it can be pinned to a core: prints the result as JSON.
// autocannon is a bench tool (bench/package.json): the bench that starts this installs it first.
import autocannon from 'autocannon';
import { printLoadResult } from './server.mjs';

const [url, connections = '50', seconds = '10'] = process.argv.slice(2);
// BENCH_DISTINCT_VISITORS=1: every request from an address of its own (through X-Forwarded-For), so
// every click counts and goes through the shared repeat check; by default one visitor repeats.
let visitor = 0;
const distinct = process.env.BENCH_DISTINCT_VISITORS === '1';
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  headers: { 'user-agent': 'Mozilla/5.0 (bench)' },
  ...(distinct
    ? {
        requests: [
          {
            setupRequest: (request) => {
              visitor += 1;
              const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
              return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
            },
          },
        ],
      }
    : {}),
});
printLoadResult(result, '3xx');
