// One autocannon run, as its own process so it can be pinned to a core: prints the result as JSON.
// autocannon is a bench tool (bench/package.json): the bench that starts this installs it first.
// Argv: url, connections, seconds, visitors:
// - `distinct` (the redirect bench's main shape): every request a new visitor, its own address
//   through X-Forwarded-For (as a reverse proxy sends it), its browser drawn from a pool of 1 000
//   agents of real-world variety (support/user-agents.mjs);
// - `all-distinct`: the same, every agent never seen before as well;
// - `one`: one visitor repeating (every click after the first is a repeat).
// then where this run's visitors start (turns must not meet each other's), and optionally a number
// of requests to send instead of a duration (the bench's aging of a server).
import autocannon from 'autocannon';
import { printLoadResult } from './server.mjs';
import { agentPool, distinctAgents } from './user-agents.mjs';

const [url, connections = '50', seconds = '10', visitors = 'one', offset = '0', amount = ''] = process.argv.slice(2);
let visitor = Number(offset);
const pool = agentPool();
const nextAgent = visitors === 'all-distinct' ? distinctAgents(2027, Number(offset)) : null;
/** Public addresses of Brazilian access networks, so each click's country lookup is a real one. */
const NETWORKS = [177, 179, 186, 187, 189, 191, 200, 201];
const addressOf = (n) => `${NETWORKS[n % 8]}.${(n >> 19) & 255}.${(n >> 11) & 255}.${(n >> 3) & 255}`;
const result = await autocannon({
  url,
  connections: Number(connections),
  ...(amount ? { amount: Number(amount) } : { duration: Number(seconds) }),
  headers: { 'user-agent': pool[0] },
  ...(visitors === 'one'
    ? {}
    : {
        requests: [
          {
            setupRequest: (request) => {
              visitor += 1;
              const agent = nextAgent ? nextAgent() : pool[visitor % pool.length];
              return {
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': addressOf(visitor), 'user-agent': agent },
              };
            },
          },
        ],
      }),
});
printLoadResult(result, '3xx');
