import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetTokenBodySchema,
  sessionSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoStepsBodySchema,
  userStateSchema,
} from '@contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authAttemptLimits, bodyText } from '../../plugins/rate-limit';
import {
  changePassword,
  checkResetToken,
  completeTwoSteps,
  endSession,
  login,
  registerAffiliate,
  requestPasswordReset,
  resetPassword,
} from './auth.service';
import { disableTwoFactor, enableTwoFactor, getTwoFactorStatus, setupTwoFactor } from './two-factor.service';
import { getUserState } from './user-state';

// Limits run on refused bodies too (their onSend), so they read only text fields.
const bodyEmail = (request: FastifyRequest) => bodyText(request, 'email')?.toLowerCase();
const tags = ['auth'];

/** Routes anyone may call: registration, sign-in, the two-step check and password recovery. */

/** Where a sign-in comes from: the fraud rules compare it with the clicks of the person's sales. */
const deviceOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const ipLimit = app.config.authRateLimitPerMinute;

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Register as an affiliate (pending approval); a taken email gets the same answer, its owner a mail',
        body: registerBodySchema,
        response: { 201: registerResponseSchema },
      },
      ...authAttemptLimits(app, { name: 'register', perIpPerMinute: ipLimit }),
    },
    async (request, reply) => reply.code(201).send(await registerAffiliate(app.contextOf(request), request.body)),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
      ...authAttemptLimits(app, { name: 'login', perIpPerMinute: ipLimit, accountKey: bodyEmail }),
    },
    async (request) => login(app.contextOf(request), request.body, deviceOf(request)),
  );

  app.post(
    '/auth/two-steps',
    {
      schema: {
        tags,
        summary: 'Finish sign-in with a TOTP or recovery code',
        body: twoStepsBodySchema,
        response: { 200: sessionSchema },
      },
      ...authAttemptLimits(app, {
        name: 'two-steps',
        perIpPerMinute: ipLimit,
        // The challenge's signature: one sign-in, which only the right password opened.
        accountKey: (r) => bodyText(r, 'challenge')?.slice(-24),
      }),
    },
    async (request) => completeTwoSteps(app.contextOf(request), request.body, deviceOf(request)),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordBodySchema,
        response: { 202: z.object({ status: z.literal('sent') }) },
      },
      // Per address only: the links per account are capped where they are issued, and a stranger's
      // requests only put links in the owner's inbox.
      ...authAttemptLimits(app, { name: 'forgot', perIpPerMinute: ipLimit }),
    },
    async (request, reply) => {
      requestPasswordReset(app.contextOf(request), request.body.email);
      return reply.code(202).send({ status: 'sent' as const });
    },
  );

  app.post(
    '/auth/reset-password/check',
    {
      schema: {
        tags,
        summary: 'Whether a reset link still works (204), without using it; 400 INVALID_RESET_TOKEN otherwise',
        body: resetTokenBodySchema,
      },
      ...authAttemptLimits(app, { name: 'reset-check', perIpPerMinute: ipLimit }),
    },
    async (request, reply) => {
      await checkResetToken(app.database.db, request.body.token);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags, summary: 'Choose a new password with a reset token', body: resetPasswordBodySchema },
      ...authAttemptLimits(app, { name: 'reset', perIpPerMinute: ipLimit }),
    },
    async (request, reply) => {
      await resetPassword(app.contextOf(request), request.body);
      return reply.code(204).send();
    },
  );
};

/** Routes of the signed-in person about their own session and account security. */
export const authAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user state (SPEC.md §3)',
        security: [{ bearer: [] }],
        response: { 200: userStateSchema },
      },
    },
    async (request) => getUserState(app.database.db, userId(request)),
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions end, this one gets a new token',
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => changePassword(app.contextOf(request), userId(request), request.body),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: this token is refused from now on; other sessions go on',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (user) await endSession(app.database.db, user.id, user.session);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether two-step verification is on',
        security: [{ bearer: [] }],
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => getTwoFactorStatus(app.database.db, userId(request)),
  );

  app.post(
    '/me/two-factor',
    {
      schema: {
        tags,
        summary: 'Start two-step set-up: a new secret and its QR code, shown once',
        security: [{ bearer: [] }],
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => setupTwoFactor(app.database.db, userId(request)),
  );

  app.post(
    '/me/two-factor/enable',
    {
      schema: {
        tags,
        summary: 'Confirm set-up with a first code; returns ten single-use recovery codes',
        security: [{ bearer: [] }],
        body: twoFactorEnableBodySchema,
        response: { 200: twoFactorEnableResponseSchema },
      },
    },
    async (request) => enableTwoFactor(app.database.db, userId(request), request.body.code),
  );

  app.post(
    '/me/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step verification off (asks for the password)',
        security: [{ bearer: [] }],
        body: twoFactorDisableBodySchema,
      },
    },
    async (request, reply) => {
      await disableTwoFactor(app.database.db, userId(request), request.body.password);
      return reply.code(204).send();
    },
  );
};
