/**
 * The one error handler. Failures the server answers on purpose (AppError) become
 * `{code, msg, data: null}`; Fastify's own client errors (body too large, bad content) keep their
 * HTTP status with a fixed message; anything else is logged in full and answered with a generic
 * 500 that reveals nothing about the internals; an unreachable database is a 503 with Retry-After. A failure logged here is not logged again as a
 * failed request (request-log.ts).
 */
import { ApiCode } from '@dm51/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseInputError, isDatabaseUnavailable } from '../db/database.js';
import { Errors, isAppError } from '../errors.js';
import { LoadShedError } from './load-shedding.js';
import { noteErrorLogged, requestSummary } from './request-log.js';

/** What a client is told when the server sheds load or cannot reach its database. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is busy, please try again in a moment';
export const RETRY_AFTER_S = 2;

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  413: 'Request body too large',
  415: 'Unsupported content type',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isAppError(error)) {
      if (error.httpStatus >= 500) {
        request.log.error({ ...requestSummary(request), err: error }, 'request failed');
        noteErrorLogged(request);
      }
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, data: null });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.log.debug({ ...requestSummary(request), err: error }, 'client error');
      return reply
        .status(status)
        .send({ code: status, msg: CLIENT_ERROR_MESSAGES[status] ?? 'Bad request', data: null });
    }
    if (error instanceof LoadShedError) {
      request.log.warn({ ...requestSummary(request) }, 'shedding load');
      noteErrorLogged(request);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ code: ApiCode.SERVICE_UNAVAILABLE, msg: SERVICE_UNAVAILABLE_MESSAGE, data: null });
    }
    if (isDatabaseInputError(error)) {
      // A safety net: the value should have been refused by validation; log it so it can be.
      request.log.warn({ ...requestSummary(request), err: error }, 'database refused a client value');
      noteErrorLogged(request);
      return reply
        .status(400)
        .send({ code: ApiCode.PARAMS_INVALID, msg: 'Invalid request value', data: null });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: PostgreSQL restarts, fails over or is saturated. Say so at once, with when to
      // try again, instead of a generic 500 (or a request left hanging until the client gives up).
      request.log.warn({ ...requestSummary(request), err: error }, 'database unavailable');
      noteErrorLogged(request);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ code: ApiCode.SERVICE_UNAVAILABLE, msg: SERVICE_UNAVAILABLE_MESSAGE, data: null });
    }
    request.log.error({ ...requestSummary(request), err: error }, 'unexpected error');
    noteErrorLogged(request);
    const internal = Errors.internal();
    return reply
      .status(internal.httpStatus)
      .send({ code: ApiCode.INTERNAL, msg: internal.message, data: null });
  });

  // Outside /v3 (which has its own handler answering UNKNOWN_CALL), an unknown path is a plain 404.
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      code: ApiCode.UNKNOWN_CALL,
      msg: `Not found: ${request.method} ${request.url.split('?')[0]}`,
      data: null,
    }),
  );
}
