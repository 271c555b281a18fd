import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FieldError, Problem } from '@contract/problem';
import { PROBLEM_CONTENT_TYPE } from '@contract/problem';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorCode } from '../errors';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const CODE_BY_STATUS = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code]),
) as Record<number, ErrorCode>;

export function problem(
  request: FastifyRequest,
  status: number,
  fields: { code?: string; detail?: string; errors?: FieldError[]; extensions?: Record<string, string | number> },
): Problem {
  const code = fields.code ?? CODE_BY_STATUS[status] ?? 'ERROR';
  return {
    ...fields.extensions,
    type: `urn:afiliados:problem:${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail: fields.detail,
    instance: request.url.split('?')[0],
    code,
    errors: fields.errors,
    request_id: request.id,
  };
}

export function sendProblem(reply: FastifyReply, body: Problem, headers: Record<string, string> = {}) {
  return reply.code(body.status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Turns fastify's validation errors into one entry per field: `body.email`, `query.page`... */
function fieldErrorsOf(error: FastifyError): FieldError[] {
  const where = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' }[
    error.validationContext ?? 'body'
  ];
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return [{ field: where ?? 'body', message: error.message }];
  }
  return fieldErrorsOfIssues(error.validation, where ?? 'body');
}

/** The contract validator's issues as fields: `email`, `user.id`, or the part itself for the whole. */
export function fieldErrorsOfIssues(issues: { instancePath: string; message?: string }[], where: string): FieldError[] {
  return issues.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    return { field: path || where, message: issue.message ?? 'is invalid' };
  });
}

/**
 * Every error leaves the server as RFC 9457 problem+json. Expected errors say what went wrong;
 * anything unexpected answers a bare 500 and is logged with the request id, never its internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(
        reply,
        problem(request, error.status, {
          code: error.reason,
          detail: error.message,
          errors: error.errors,
          extensions: error.extensions,
        }),
        error.headers,
      );
    }
    if (error.validation) {
      const errors = fieldErrorsOf(error);
      const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
      return sendProblem(reply, problem(request, 400, { code: 'VALIDATION', detail, errors }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, problem(request, status, { detail: error.message }));
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, problem(request, 500, { detail: 'An unexpected error occurred.' }));
  });
});

/** What Fastify's router refuses before any route (and so before the error handler) runs. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'The path is not valid percent-encoded UTF-8.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URI_TOO_LONG',
    detail: 'A part of the path is too long.',
  },
};

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode, or a path part over its length limit,
 * answers problem+json like every other refusal (Fastify's own answer is plain JSON).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) {
    request.log.error({ err: error }, 'unexpected framework error');
    return sendProblem(reply, problem(request, 500, { detail: 'An unexpected error occurred.' }));
  }
  return sendProblem(reply, problem(request, known.status, { code: known.code, detail: known.detail }), {
    'x-content-type-options': 'nosniff',
  });
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    detail: 'The request line or headers are too large (the query string counts).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', detail: 'The request took too long to arrive.' },
};

/**
 * Requests Node's HTTP parser refuses (too large a query or headers, a malformed request line)
 * never reach Fastify's handlers: this answers them as problem+json too, on the raw socket.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'The request could not be read as HTTP.',
  };
  const body = JSON.stringify({
    type: `urn:afiliados:problem:${known.code.toLowerCase().replaceAll('_', '-')}`,
    title: STATUS_CODES[known.status] ?? 'Error',
    status: known.status,
    detail: known.detail,
    code: known.code,
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
