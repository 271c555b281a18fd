import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemRoutes } from './modules/system/system.routes';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { spaPlugin } from './plugins/spa';
import { APP_VERSION } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  /** The built SPA (dist/web); absent in API tests, where unknown paths are plain 404s. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
};

/** Secrets and tokens never reach the log, whatever logs the request. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel, redact: REDACTED_PATHS },
    // Behind a load balancer the client's address arrives in X-Forwarded-For.
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('database', options.database);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(openapiPlugin, { version: APP_VERSION });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(spaPlugin, { webDir: options.webDir });
  return app;
}
