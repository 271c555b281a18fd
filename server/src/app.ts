import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { compileProxyTrust } from './client-address';
import type { Config } from './config';
import type { AppContext } from './context';
import { onChange, startChangeFeed } from './db/change-feed';
import type { Database } from './db/client';
import { createTaskQueue, type TaskQueue } from './jobs/task-queue';
import { asyncStdout, OneLinePerRequest } from './log-destination';
import { redactingLoggerOptions } from './log-redaction';
import { createMailer, type Mailer } from './mail/mailer';
import { accountRoutes, avatarRoutes } from './modules/account/account.routes';
import { affiliatesAdminRoutes } from './modules/affiliates/affiliates.routes';
import { auditAdminRoutes } from './modules/audit/audit.routes';
import { authAccountRoutes, authPublicRoutes } from './modules/auth/auth.routes';
import { bonusesAdminRoutes, bonusesRoutes } from './modules/bonuses/bonuses.routes';
import { campaignImageRoutes, campaignsAdminRoutes, campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { contactAdminRoutes, contactRoutes } from './modules/contact/contact.routes';
import { couponsAdminRoutes, couponsRoutes } from './modules/coupons/coupons.routes';
import { creativesAdminRoutes, creativesRoutes } from './modules/creatives/creatives.routes';
import { fraudAdminRoutes } from './modules/fraud/fraud.routes';
import { floodLimitOf } from './modules/fraud/fraud-rules.service';
import { integrationReceiveRoutes, integrationsAdminRoutes } from './modules/integrations/integrations.routes';
import { ledgerAdminRoutes, ledgerRoutes } from './modules/ledger/ledger.routes';
import { levelsAdminRoutes, levelsRoutes } from './modules/levels/levels.routes';
import { mailAdminRoutes } from './modules/mail/mail.routes';
import { messagesAdminRoutes, messagesPublicRoutes, messagesRoutes } from './modules/messages/messages.routes';
import { metricsAdminRoutes, metricsRoutes } from './modules/metrics/metrics.routes';
import { createMetrics, type Metrics } from './modules/monitoring/metrics';
import { startMetricsServer } from './modules/monitoring/metrics-server';
import { networksAdminRoutes } from './modules/networks/networks.routes';
import { createNotificationHub, type NotificationHub } from './modules/notifications/notification-hub';
import {
  logStreamRoutes,
  notificationsAdminRoutes,
  notificationsRoutes,
} from './modules/notifications/notifications.routes';
import { invoicesAdminRoutes, invoicesRoutes } from './modules/payouts/invoices.routes';
import { payoutProviderRoutes } from './modules/payouts/payout-provider.routes';
import { payoutsAdminRoutes } from './modules/payouts/payouts.routes';
import { receiptsRoutes } from './modules/payouts/receipts.routes';
import { postbacksRoutes } from './modules/postbacks/postbacks.routes';
import { programmeAdminRoutes, programmePublicRoutes } from './modules/programme/programme.routes';
import { createSaleWriter, type SaleWriter } from './modules/sales/sale-writer';
import { saleApiRoutes, salesAdminRoutes, salesRoutes } from './modules/sales/sales.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { systemAdminRoutes, systemRoutes } from './modules/system/system.routes';
import { taxAdminRoutes, taxRoutes } from './modules/tax/tax.routes';
import { type ClickBuffer, createClickBuffer } from './modules/tracking/click-buffer';
import { registerRedirect } from './modules/tracking/redirect';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { usersAdminRoutes } from './modules/users/users.routes';
import { webhooksAdminRoutes } from './modules/webhooks/webhooks.routes';
import { authPlugin } from './plugins/auth';
import { contractValidatorCompiler } from './plugins/contract-validation';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { maintenancePlugin } from './plugins/maintenance';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { notFoundPagePlugin, spaPlugin } from './plugins/spa';
import { webSocketPlugin } from './plugins/websocket';
import { publicAddressOf } from './public-address';
import { APP_VERSION } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    tasks: TaskQueue;
    ctx: AppContext;
    /** The context of one request: `ctx` with the address that request reached the portal at. */
    contextOf(request: FastifyRequest): AppContext;
    notificationHub: NotificationHub;
    clickBuffer: ClickBuffer;
    saleWriter: SaleWriter;
    /** Prometheus metrics, when METRICS_PORT is set; the port they are served on. */
    metrics: Metrics | null;
    metricsPort: number | null;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  /** The built SPA (dist/web); absent in API tests, where unknown paths are plain 404s. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the server's own log goes (stdout when absent); tests read it to prove what it leaves out. */
  logStream?: { write(line: string): void };
};

/** Secrets and tokens never reach the log, whatever logs the request. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // A followed link that the redirect can answer on its own skips Fastify (decision 009).
  let answerRedirect: ((req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean) | null = null;
  // One trust rule for request.ip (limits, log) and the raw redirect (the click's address).
  const proxyTrust = compileProxyTrust(options.config.trustProxy);
  const metrics = options.config.metrics.port === undefined ? null : createMetrics();
  const app = Fastify({
    serverFactory: (handler, settings) => {
      const server = createServer((req, res) => {
        if (metrics) {
          countRawRedirect(metrics, req, res, handler);
          return;
        }
        if (!answerRedirect?.(req, res, () => handler(req, res))) handler(req, res);
      });
      // What Fastify sets on the server it would have made.
      server.keepAliveTimeout = Number(settings.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(settings.requestTimeout ?? 0);
      server.setTimeout(Number(settings.connectionTimeout ?? 0));
      return server;
    },
    logger: options.logger ?? {
      level: options.config.logLevel,
      redact: REDACTED_PATHS,
      ...redactingLoggerOptions,
      stream: options.logStream ?? asyncStdout(),
    },
    logController: new OneLinePerRequest(),
    // X-Forwarded-For names the client only when TRUST_PROXY says who may write it; else anyone could.
    trustProxy: proxyTrust,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate(
    'mailer',
    createMailer(options.database.db, options.config.smtpUrl, app.log, { timeoutMs: options.config.outboundTimeoutMs }),
  );
  app.decorate('tasks', createTaskQueue(app.log));
  // Tasks may still queue mail: they finish first. What is queued waits in the outbox for any server.
  app.addHook('onClose', async () => app.tasks.drain());
  // What other servers change reaches this one's caches (docs/decisions/025).
  const stopChangeFeed = await startChangeFeed(options.database);
  app.addHook('onClose', stopChangeFeed);
  app.decorate('notificationHub', createNotificationHub(options.database, app.log));
  await app.notificationHub.start();
  app.decorate('metrics', metrics);
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.request(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  app.decorate(
    'clickBuffer',
    createClickBuffer(options.database.db, app.log, floodLimitOf(options.database.db), metrics?.clickBatch),
  );
  // After the server stops taking requests, the clicks still in memory are written.
  app.addHook('onClose', async () => app.clickBuffer.close());
  // Another server's postback names a click this one still holds: write them now (docs/decisions/027).
  const stopWritingClicksOnRequest = onChange(options.database.db, 'clicks', () => {
    app.clickBuffer.flush().catch(() => {});
  });
  app.addHook('onClose', async () => stopWritingClicksOnRequest());
  // Sales find their clicks in the buffer's writes, so they batch beside it (docs/decisions/016).
  app.decorate(
    'saleWriter',
    createSaleWriter(options.database.db, { flushClicks: () => app.clickBuffer.flush() }, metrics?.saleBatch),
  );
  app.addHook('onClose', async () => app.saleWriter.close());
  // Open streams would keep the server from closing: end them first, browsers reconnect elsewhere.
  app.addHook('preClose', async () => app.notificationHub.stop());

  await app.register(errorsPlugin);
  await app.register(authPlugin);
  app.decorate('ctx', {
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    tokens: app.tokens,
    tasks: app.tasks,
    publicUrl: app.config.publicUrl,
  });
  app.decorate('contextOf', (request: FastifyRequest) => ({
    ...app.ctx,
    publicUrl: publicAddressOf(app.config, request),
  }));
  await app.register(notFoundPagePlugin, { webDir: options.webDir });
  // The click redirect and the portal are sibling scopes, so the portal's request hooks (security headers,
  // maintenance gate) never run for /r/:code (DESIGN.md §4); the redirect answers a 404 with the same page.
  // Once closing, requests go through Fastify, which refuses them (503) instead of buffering clicks
  // the closing buffer would no longer write.
  app.addHook('preClose', async () => {
    answerRedirect = null;
  });
  await app.register(async (redirect) => {
    await registerSecurityHeaders(redirect);
    answerRedirect = registerRedirect(redirect, options.database.db, app.clickBuffer, app.sendNotFoundPage, {
      ipSecret: options.config.jwtSecret,
      proxyTrust,
      // A click cookie on an https portal never travels in clear.
      secureCookie: options.config.publicUrl.startsWith('https:'),
    });
  });
  await app.register(portal, { webDir: options.webDir });
  app.decorate('metricsPort', null);
  if (metrics && options.config.metrics.port !== undefined) {
    metrics.watch({ database: options.database, clickDepth: () => app.clickBuffer.pending });
    const served = await startMetricsServer(metrics, { ...options.config.metrics, port: options.config.metrics.port });
    app.metricsPort = served.port;
    app.addHook('onClose', served.close);
  }
  return app;

  /** A followed link answered before Fastify is counted here (Fastify's own requests in onResponse). */
  function countRawRedirect(
    counter: Metrics,
    req: IncomingMessage,
    res: ServerResponse,
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ) {
    const started = performance.now();
    let inFastify = false;
    const toFastify = () => {
      inFastify = true;
      handler(req, res);
    };
    if (!answerRedirect?.(req, res, toFastify)) {
      handler(req, res);
      return;
    }
    res.once('finish', () => {
      if (!inFastify)
        counter.request(req.method ?? 'GET', '/r/:code', res.statusCode, (performance.now() - started) / 1000);
    });
  }
}

/** The API, its documentation and the pages, with the request hooks they need. */
const portal: FastifyPluginAsyncZod<{ webDir: string | undefined }> = async (app, options) => {
  await registerSecurityHeaders(app);
  await app.register(openapiPlugin, { version: APP_VERSION });
  await app.register(rateLimitPlugin);
  await app.register(maintenancePlugin);
  await app.register(webSocketPlugin);

  // Three scopes: public, signed in (a valid session), and Administrador. A module's routes sit in
  // the scope its guard needs, so no route can forget its guard.
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authPublicRoutes);
      await api.register(avatarRoutes);
      await api.register(campaignImageRoutes);
      await api.register(saleApiRoutes);
      await api.register(integrationReceiveRoutes);
      await api.register(payoutProviderRoutes);
      await api.register(logStreamRoutes);
      await api.register(programmePublicRoutes);
      await api.register(messagesPublicRoutes);
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', app.authenticate);
        await signedIn.register(authAccountRoutes);
        await signedIn.register(accountRoutes);
        await signedIn.register(notificationsRoutes);
        await signedIn.register(contactRoutes);
        await signedIn.register(campaignsRoutes);
        await signedIn.register(trackingRoutes);
        await signedIn.register(salesRoutes);
        await signedIn.register(couponsRoutes);
        await signedIn.register(subscriptionsRoutes);
        await signedIn.register(levelsRoutes);
        await signedIn.register(ledgerRoutes);
        await signedIn.register(taxRoutes);
        await signedIn.register(receiptsRoutes);
        await signedIn.register(invoicesRoutes);
        await signedIn.register(metricsRoutes);
        await signedIn.register(postbacksRoutes);
        await signedIn.register(bonusesRoutes);
        await signedIn.register(creativesRoutes);
        await signedIn.register(messagesRoutes);
        await signedIn.register(async (admin) => {
          admin.addHook('onRequest', app.requireAdmin);
          await admin.register(affiliatesAdminRoutes);
          await admin.register(systemAdminRoutes);
          await admin.register(notificationsAdminRoutes);
          await admin.register(contactAdminRoutes);
          await admin.register(levelsAdminRoutes);
          await admin.register(networksAdminRoutes);
          await admin.register(campaignsAdminRoutes);
          await admin.register(usersAdminRoutes);
          await admin.register(auditAdminRoutes);
          await admin.register(salesAdminRoutes);
          await admin.register(couponsAdminRoutes);
          await admin.register(ledgerAdminRoutes);
          await admin.register(payoutsAdminRoutes);
          await admin.register(taxAdminRoutes);
          await admin.register(invoicesAdminRoutes);
          await admin.register(metricsAdminRoutes);
          await admin.register(messagesAdminRoutes);
          await admin.register(fraudAdminRoutes);
          await admin.register(webhooksAdminRoutes);
          await admin.register(mailAdminRoutes);
          await admin.register(integrationsAdminRoutes);
          await admin.register(bonusesAdminRoutes);
          await admin.register(programmeAdminRoutes);
          await admin.register(creativesAdminRoutes);
        });
      });
    },
    { prefix: '/api/v1' },
  );

  await app.register(spaPlugin, { webDir: options.webDir });
};
