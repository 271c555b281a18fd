// The yardstick for the postback: a bare node:http server that parses the same JSON and stores the
// order with one INSERT .. ON CONFLICT DO NOTHING RETURNING on the same PostgreSQL (a pool of 10), and
// answers 201 with the row (200 when the order was already there). Nothing else: no key, no
// validation, no attribution, no commission, no rollups.
import { createServer } from 'node:http';
import pg from 'pg';

const [port = '3292', database = 'postgres://postgres@127.0.0.1:5432/postgres'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: database, max: 10 });
await pool.query(`create table if not exists bare_sales (
  id bigserial primary key, campaign_id bigint not null, external_id text not null, amount_cents bigint not null,
  payment_method text not null, affiliate_code text, created_at timestamptz not null default now(),
  unique (campaign_id, external_id))`);
await pool.query('truncate bare_sales');

createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', async () => {
    try {
      const sale = JSON.parse(body);
      const { rows } = await pool.query(
        `insert into bare_sales (campaign_id, external_id, amount_cents, payment_method, affiliate_code)
         values ($1, $2, $3, $4, $5) on conflict (campaign_id, external_id) do nothing returning *`,
        [sale.campaign_id, sale.external_id, sale.amount_cents, sale.payment_method, sale.affiliate_code ?? null],
      );
      const text = JSON.stringify(rows[0] ?? { external_id: sale.external_id });
      response.writeHead(rows[0] ? 201 : 200, { 'content-type': 'application/json' });
      response.end(text);
    } catch {
      response.writeHead(400).end();
    }
  });
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
