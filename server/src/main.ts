import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { schedulePromotions } from './modules/levels/promotion.service';
import { scheduleRecentStatsMerge } from './modules/metrics/daily-stats';
import { schedulePostbackDeliveries } from './modules/postbacks/postback-worker';
import { scheduleAutoApproval } from './modules/sales/approval-job';
import { scheduleWebhookDeliveries } from './modules/webhooks/webhook-worker';
import { prepareDatabase } from './seed/prepare';

/** The built SPA sits beside the server bundle: dist/server/main.mjs -> dist/web. */
const WEB_DIR = fileURLToPath(new URL('../web', import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.migrate();
  const app = await buildApp({ config, database, webDir: WEB_DIR });
  const summary = await prepareDatabase(database, config, app.log);
  // Background jobs run on every server; each takes a lease in the database, so one does the work.
  // The rollup merge needs no lease: merges on several servers at once move each increment once.
  const jobs = [
    scheduleAutoApproval(database.db, app.log),
    schedulePromotions(database.db, app.log),
    scheduleRecentStatsMerge(database.db, app.log),
    schedulePostbackDeliveries(database.db, app.log, {
      policy: { allowPrivate: config.postbackAllowPrivate },
      timeoutMs: config.postbackTimeoutMs,
    }),
    scheduleWebhookDeliveries(database.db, app.log, {
      policy: { allowPrivate: config.postbackAllowPrivate },
      timeoutMs: config.postbackTimeoutMs,
      serverSecret: config.jwtSecret,
    }),
  ];
  const stopJobs = () => {
    for (const stop of jobs) stop();
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      stopJobs();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const lines = ['', `  Afiliados is running at ${config.publicUrl}`, `  Database: ${where}`, ...summary, ''];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
