/**
 * The one error handler. Failures the server answers on purpose (AppError) become
 * `{code, msg, data: null}`; Fastify's own client errors (body too large, bad content) keep their
 * HTTP status with a fixed message; anything else is logged in full and answered with a generic
 * 500 that reveals nothing about the internals. A failure logged here is not logged again as a
 * failed request (request-log.ts).
 */
import { ApiCode } from '@dm51/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Errors, isAppError } from '../errors.js';
import { noteErrorLogged, requestSummary } from './request-log.js';

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
