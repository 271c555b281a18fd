import { idParamsSchema } from '@contract/common';
import {
  announcementBodySchema,
  announcementPageSchema,
  announcementQuerySchema,
  announcementSchema,
  assigneeBodySchema,
  messageBodySchema,
  messageSchema,
  myAnnouncementListSchema,
  myThreadSchema,
  threadDetailSchema,
  threadPageSchema,
  threadQuerySchema,
  threadRefSchema,
  threadSummarySchema,
  unreadCountSchema,
  unsubscribedSchema,
  unsubscribeParamsSchema,
} from '@contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, signedInAffiliate } from '../../plugins/auth';
import {
  findAnnouncements,
  findMyAnnouncements,
  markAnnouncementRead,
  sendAnnouncement,
  unsubscribe,
} from './announcements.service';
import {
  assignThread,
  findMyThread,
  findThreads,
  findUnreadCount,
  getThreadById,
  markMyThreadRead,
  markThreadRead,
  openThreadFor,
  replyToThread,
  sendMyMessage,
} from './messages.service';

const tags = ['messages'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** The affiliate's own thread with the programme and the announcements they received. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        tags,
        security,
        summary: 'My conversation with the programme, oldest first',
        response: { 200: myThreadSchema },
      },
    },
    async (request) => findMyThread(app.database.db, signedInAffiliate(request.user).id),
  );
  app.post(
    '/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Write to the programme (plain text); the admins are told live and by mail',
        body: messageBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const affiliate = signedInAffiliate(request.user);
      const message = await sendMyMessage(app.contextOf(request), actor(request), affiliate.id, request.body.body);
      return reply.code(201).send(message);
    },
  );
  app.post(
    '/messages/read',
    { schema: { tags, security, summary: "Mark the programme's messages to me read" } },
    async (request, reply) => {
      await markMyThreadRead(app.database.db, signedInAffiliate(request.user).id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/messages/unread',
    {
      schema: {
        tags,
        security,
        summary: "Unread counts for the menu: an affiliate's replies and announcements, an admin's inbox",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => findUnreadCount(app.database.db, signedIn(request.user)),
  );
  app.get(
    '/me/announcements',
    {
      schema: {
        tags,
        security,
        summary: 'The announcements the programme sent me, newest first',
        response: { 200: myAnnouncementListSchema },
      },
    },
    async (request) => findMyAnnouncements(app.database.db, actor(request)),
  );
  app.post(
    '/me/announcements/:id/read',
    { schema: { tags, security, summary: 'Mark an announcement I received read', params: idParamsSchema } },
    async (request, reply) => {
      await markAnnouncementRead(app.database.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** Administrador only: the inbox, replies, assignment and announcements. */
export const messagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/message-threads',
    {
      schema: {
        tags,
        security,
        summary: 'The inbox: every conversation, latest first, with its unread count and assignee',
        querystring: threadQuerySchema,
        response: { 200: threadPageSchema },
      },
    },
    async (request) => findThreads(app.database.db, actor(request), request.query),
  );
  app.get(
    '/message-threads/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One conversation with its messages',
        params: idParamsSchema,
        response: { 200: threadDetailSchema },
      },
    },
    async (request) => getThreadById(app.database.db, request.params.id),
  );
  app.post(
    '/message-threads/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Answer the affiliate (plain text); they are told live and by mail',
        params: idParamsSchema,
        body: messageBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await replyToThread(app.contextOf(request), actor(request), request.params.id, request.body.body)),
  );
  app.post(
    '/message-threads/:id/read',
    { schema: { tags, security, summary: "Mark the affiliate's messages read", params: idParamsSchema } },
    async (request, reply) => {
      await markThreadRead(app.database.db, request.params.id);
      return reply.code(204).send();
    },
  );
  app.put(
    '/message-threads/:id/assignee',
    {
      schema: {
        tags,
        security,
        summary: 'Assign the conversation to an administrator, or to no one (null)',
        params: idParamsSchema,
        body: assigneeBodySchema,
        response: { 200: threadSummarySchema },
      },
    },
    async (request) => assignThread(app.database.db, actor(request), request.params.id, request.body.user_id),
  );
  app.post(
    '/affiliates/:id/message-thread',
    {
      schema: {
        tags,
        security,
        summary: "The affiliate's conversation, opened if there is none yet, so an admin can write first",
        params: idParamsSchema,
        response: { 200: threadRefSchema },
      },
    },
    async (request) => openThreadFor(app.database.db, request.params.id),
  );
  app.get(
    '/announcements',
    {
      schema: {
        tags,
        security,
        summary: 'Every announcement sent, newest first, with recipients, mails delivered and opens',
        querystring: announcementQuerySchema,
        response: { 200: announcementPageSchema },
      },
    },
    async (request) => findAnnouncements(app.database.db, request.query),
  );
  app.post(
    '/announcements',
    {
      schema: {
        tags,
        security,
        summary:
          'Send an announcement now to everyone, a level, a network or a campaign’s affiliates (portal and mail)',
        body: announcementBodySchema,
        response: { 201: announcementSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendAnnouncement(app.contextOf(request), actor(request), request.body)),
  );
};

/**
 * The unsubscribe link of announcement mails: no session, the link's random token is the key. A mail
 * client's one-click POST (RFC 8058 §3.2) carries `List-Unsubscribe=One-Click` as a form; the portal's
 * page posts nothing. Either way the body is not read.
 */
export const messagesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, _body, done) => done(null, {}),
  );
  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags,
        summary: 'Stop announcement mails for the person of this link (one click, no sign-in; RFC 8058)',
        params: unsubscribeParamsSchema,
        response: { 200: unsubscribedSchema },
      },
    },
    async (request) => unsubscribe(app.database.db, request.params.token),
  );
};
