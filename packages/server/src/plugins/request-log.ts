/**
 * One log line per request, below `info`: Fastify's own pair ("incoming request", "request
 * completed") at `info` drowned the lines an operator needs. A request line holds the method, the
 * path without its query string (play tokens travel there), the status and the response time;
 * never headers or the body (the sealed `data` field). A 5xx answer is logged at `error` always,
 * once: when the error handler already logged the failure with its stack, the request line stays
 * at `debug`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Logger levels at which a request's `debug` line is written. */
const LEVELS_WITH_DEBUG = new Set(['debug', 'trace']);

/** Requests whose failure the error handler has logged at `error`. */
const errorLogged = new WeakSet<FastifyRequest>();

export function noteErrorLogged(request: FastifyRequest): void {
  errorLogged.add(request);
}

/** What a log line may say about a request. */
export function requestSummary(request: FastifyRequest): { method: string; url: string } {
  return { method: request.method, url: request.url.split('?')[0] ?? '' };
}

export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completed line says everything; nothing is logged on arrival.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Most requests are neither failed nor logged (debug is off): skip building their line.
    if (!error && reply.statusCode < 500 && !LEVELS_WITH_DEBUG.has(reply.log.level)) return;
    const line = {
      ...requestSummary(request),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      // The response itself failed (the socket errored while writing).
      reply.log.error({ ...line, err: error }, 'response failed');
    } else if (reply.statusCode >= 500 && !errorLogged.has(request)) {
      reply.log.error(line, 'request failed');
    } else {
      reply.log.debug(line, 'request completed');
    }
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A player or reader that goes away mid-file is ordinary; anything else is worth a warning.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ ...requestSummary(request) }, 'client closed the response early');
      return;
    }
    super.streamError(error, request, reply);
  }
}
