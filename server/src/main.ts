import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, type StartConfig } from './config';
import { openDatabase } from './db/client';
import { sharedServerSecret } from './db/server-secret';
import { scheduleBonusAwards } from './modules/bonuses/bonus-awards';
import { scheduleDeliveryPruning } from './modules/integrations/integrations.service';
import { schedulePromotions } from './modules/levels/promotion.service';
import { scheduleRecentStatsMerge } from './modules/metrics/daily-stats';
import { schedulePayoutTransfers } from './modules/payouts/payout-worker';
import { schedulePostbackDeliveries } from './modules/postbacks/postback-worker';
import { scheduleAutoApproval } from './modules/sales/approval-job';
import { ensureClickPartitions, scheduleClickPartitions } from './modules/tracking/click-partitions';
import { scheduleWebhookDeliveries } from './modules/webhooks/webhook-worker';
import { prepareDatabase } from './seed/prepare';

/** The built SPA sits beside the server bundle: dist/server/main.mjs -> dist/web. */
const WEB_DIR = fileURLToPath(new URL('../web', import.meta.url));

/**
 * Whether Node was given the young generation the portal is measured with. A click's pending row
 * lives until its batch is written (tens of milliseconds): with V8's default 16 MiB semi-spaces a
 * launch's requests fill them faster than that, and the clicks are copied, then promoted and marked.
 * V8 reads the flag only as the process starts, so the shipped commands pass it.
 */
function startedWithYoungGeneration(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.some((flag) => flag.startsWith('--max-semi-space-size'));
}

async function main() {
  let startConfig: StartConfig;
  try {
    startConfig = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    startConfig.databaseUrl
      ? { databaseUrl: startConfig.databaseUrl, readDatabaseUrl: startConfig.readDatabaseUrl }
      : { dataDir: startConfig.dataDir },
  );
  // Servers starting together on one database take turns: the first migrates, makes the shared
  // secret, the first administrator and the demo data; the others find them made.
  const config: Config = await database.exclusively(async () => {
    await database.migrate();
    // A server started after months down finds this month's partition made before its first click.
    await ensureClickPartitions(database.db);
    const jwtSecret = startConfig.jwtSecret ?? (await sharedServerSecret(database.db, startConfig.dataDir));
    return { ...startConfig, jwtSecret };
  });
  const app = await buildApp({ config, database, webDir: WEB_DIR });
  const summary = await database.exclusively(() => prepareDatabase(database, config, app.log));
  for (const name of config.deprecatedSettings) {
    app.log.warn(
      { setting: name },
      `${name} is read under its old name: rename it ${name.replace('POSTBACK_', 'OUTBOUND_')}`,
    );
  }
  if (!startedWithYoungGeneration()) {
    app.log.info(
      'Node was started without --max-semi-space-size=32: the click redirect answers a few hundredths fewer clicks a second (npm run serve sets it; docs/decisions/040)',
    );
  }
  if (config.databaseUrl && !config.isPublicUrlSet && config.trustProxy === false) {
    app.log.warn("PUBLIC_URL is not set: links and mails carry this server's own address (README, configuration)");
  }
  // Background jobs run on every server; each takes a lease in the database, so one does the work.
  // The rollup merge needs no lease: merges on several servers at once move each increment once.
  const jobs = [
    scheduleAutoApproval(database.db, app.log),
    scheduleBonusAwards(database.db, app.log),
    schedulePromotions(database.db, app.log),
    scheduleDeliveryPruning(database.db, app.log),
    scheduleRecentStatsMerge(database.db, app.log),
    scheduleClickPartitions(database.db, app.log, config.clickRetentionMonths),
    // The outbox (docs/decisions/033): one engine, a worker per channel on every server.
    schedulePostbackDeliveries(database.db, app.log, {
      policy: { allowPrivate: config.outboundAllowPrivate },
      timeoutMs: config.outboundTimeoutMs,
    }),
    scheduleWebhookDeliveries(database.db, app.log, {
      policy: { allowPrivate: config.outboundAllowPrivate },
      timeoutMs: config.outboundTimeoutMs,
      serverSecret: config.jwtSecret,
    }),
    app.mailer.schedule(),
    ...(config.payoutProvider === 'asaas' && config.asaas.apiKey
      ? [
          schedulePayoutTransfers(app.ctx, app.log, {
            client: { baseUrl: config.asaas.baseUrl, apiKey: config.asaas.apiKey, timeoutMs: config.outboundTimeoutMs },
          }),
        ]
      : []),
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
