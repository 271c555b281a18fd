// One autocannon run, as its own process so it can be pinned to a core: prints the result as JSON.
// autocannon is a bench tool (bench/package.json): the bench that starts this installs it first.
import autocannon from 'autocannon';

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
console.log(
  JSON.stringify({
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    total: result.requests.total,
    status_3xx: result['3xx'],
    non_3xx: result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
