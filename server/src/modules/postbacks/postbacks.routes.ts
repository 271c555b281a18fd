import {
  postbackDeliveryListQuerySchema,
  postbackDeliveryListSchema,
  postbackSettingsSchema,
  postbackTestResultSchema,
  testPostbackBodySchema,
  updatePostbackBodySchema,
} from '@contract/postbacks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthUser, signedInAffiliate } from '../../plugins/auth';
import { findPostbackDeliveries, getPostback, sendTestPostback, updatePostback } from './postbacks.service';

const tags = ['postbacks'];
const security = [{ bearer: [] }];
/** Test sends one person may ask for in a minute: each is a request from our server to theirs. */
const TESTS_PER_MINUTE = 10;

/** An affiliate's postback to their own tracker (affiliates only; an admin has no sales of their own). */
export const postbacksRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const policy = { allowPrivate: app.config.outboundAllowPrivate };
  const mine = (request: { user: AuthUser | null }) => signedInAffiliate(request.user).id;

  app.get(
    '/me/postback',
    {
      schema: {
        tags,
        security,
        summary: 'My postback: the URL template my tracker is called with, and for which events',
        response: { 200: postbackSettingsSchema },
      },
    },
    async (request) => getPostback(db, mine(request)),
  );

  app.put(
    '/me/postback',
    {
      schema: {
        tags,
        security,
        summary:
          'Save my postback (https; macros {click_id} {sub_id} {sale_id} {campaign_id} {amount} {commission} {status})',
        body: updatePostbackBodySchema,
        response: { 200: postbackSettingsSchema },
      },
    },
    async (request) => updatePostback(db, mine(request), request.body, policy),
  );

  app.post(
    '/me/postback/test',
    {
      schema: {
        tags,
        security,
        summary: 'Call a postback URL once with sample values and say what it answered',
        body: testPostbackBodySchema,
        response: { 200: postbackTestResultSchema },
      },
      preHandler: app.rateLimit({
        max: TESTS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `postback-test:${request.user?.id ?? request.ip}`,
      }),
    },
    async (request) => {
      mine(request);
      return sendTestPostback(request.body.url, policy, app.config.outboundTimeoutMs);
    },
  );

  app.get(
    '/me/postback/deliveries',
    {
      schema: {
        tags,
        security,
        summary: 'My postback deliveries, newest first: what each attempt answered and when the next is',
        querystring: postbackDeliveryListQuerySchema,
        response: { 200: postbackDeliveryListSchema },
      },
    },
    async (request) => findPostbackDeliveries(db, mine(request), request.query),
  );
};
