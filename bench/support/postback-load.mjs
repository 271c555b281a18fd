// One autocannon run of distinct orders against a postback URL, as its own process so it can be
// pinned to a core: prints the result as JSON. The targets (campaign and affiliate code pairs) come
// as JSON in argv; each request takes the next pair in turn and an order id never sent before.
// autocannon is a bench tool (bench/package.json): the bench that starts this installs it first.
import autocannon from 'autocannon';
import { printLoadResult } from './server.mjs';

const [url, connections = '50', seconds = '10', targetsJson = '[]', apiKey = '', prefix = 'o'] = process.argv.slice(2);
const targets = JSON.parse(targetsJson);
let order = 0;
const result = await autocannon({
  url,
  method: 'POST',
  connections: Number(connections),
  duration: Number(seconds),
  headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
  requests: [
    {
      setupRequest: (request) => {
        order += 1;
        const target = targets[order % targets.length];
        return {
          ...request,
          body: JSON.stringify({
            campaign_id: target.campaign_id,
            affiliate_code: target.affiliate_code,
            external_id: `${prefix}-${order}`,
            amount_cents: 10_000 + (order % 50_000),
            payment_method: order % 3 === 0 ? 'credit_card' : 'pix',
            origin: 'bench',
          }),
        };
      },
    },
  ],
});
printLoadResult(result);
