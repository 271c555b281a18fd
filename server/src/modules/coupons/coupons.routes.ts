import { idParamsSchema } from '@contract/common';
import {
  couponBodySchema,
  couponIssueBodySchema,
  couponIssueResultSchema,
  couponListQuerySchema,
  couponPageSchema,
  couponPatchSchema,
  couponSchema,
} from '@contract/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../plugins/auth';
import { createCoupon, findCoupons, issueCoupons, updateCoupon } from './coupons.service';

const tags = ['coupons'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Admins see every coupon; an affiliate only their own, to share. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Coupons with filters (an affiliate: their own)',
        querystring: couponListQuerySchema,
        response: { 200: couponPageSchema },
      },
    },
    async (request) => {
      return findCoupons(app.database.db, viewerOf(request.user), request.query);
    },
  );
};

/** Administrador only. */
export const couponsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Create a coupon for an affiliate and a campaign (codes are unique whatever their case)',
        body: couponBodySchema,
        response: { 201: couponSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCoupon(app.database.db, actor(request), request.body)),
  );
  app.post(
    '/coupons/issue',
    {
      schema: {
        tags,
        security,
        summary: 'One coupon per approved affiliate for a campaign, from a pattern ({CODE}10, or a prefix)',
        body: couponIssueBodySchema,
        response: { 200: couponIssueResultSchema },
      },
    },
    async (request) => issueCoupons(app.database.db, actor(request), request.body),
  );
  app.patch(
    '/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a coupon: its code, discount label, or whether it is active',
        params: idParamsSchema,
        body: couponPatchSchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => updateCoupon(app.database.db, actor(request), request.params.id, request.body),
  );
};
