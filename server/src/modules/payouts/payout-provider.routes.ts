import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  asaasTransferEventSchema,
  asaasTransferValidationSchema,
  checkAsaasToken,
  receiveAsaasTransferEvent,
  validateAsaasTransfer,
} from './asaas-webhooks';

const tags = ['payouts'];
const security = [{ asaasToken: [] }];

/**
 * What Asaas calls (no session: the webhook's token in `asaas-access-token` instead). The token is
 * checked before the body is read, so a wrong one records nothing; Asaas counts only a 200 as
 * received (https://docs.asaas.com/docs/faq-de-webhooks).
 */
export const payoutProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => checkAsaasToken(app.ctx, request.headers['asaas-access-token']));
  app.post(
    '/payouts/asaas/webhook',
    {
      schema: {
        tags,
        security,
        summary: 'Asaas transfer events (TRANSFER_DONE, _FAILED, …)',
        body: asaasTransferEventSchema,
      },
    },
    async (request, reply) => {
      await receiveAsaasTransferEvent(app.ctx, request.body);
      return reply.code(200).send({ received: true });
    },
  );
  app.post(
    '/payouts/asaas/transfer-validation',
    {
      schema: {
        tags,
        security,
        summary: 'Asaas asks whether to execute a transfer: ours, its amount, the key’s holder the affiliate',
        body: asaasTransferValidationSchema,
      },
    },
    async (request, reply) => reply.code(200).send(await validateAsaasTransfer(app.ctx, request.body)),
  );
};
