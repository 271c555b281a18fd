import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export type MetricsServer = { port: number; close(): Promise<void> };

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * GET /metrics in Prometheus's text format, on a port apart from the portal's: the portal's proxy
 * never exposes it, and a scraper reaches it on the private network. With a token, a scrape without
 * `Authorization: Bearer <token>` is 401.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; token: string | undefined },
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (options.token && !sameSecret(req.headers.authorization ?? '', `Bearer ${options.token}`)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(503).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
