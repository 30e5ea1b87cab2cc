/**
 * Load shedding (@fastify/under-pressure): when the event loop lags more than
 * SHED_EVENT_LOOP_DELAY_MS, a new request is answered at once with HTTP 503, SERVICE_UNAVAILABLE
 * and Retry-After (the error handler's answer for LoadShedError) instead of joining a queue whose
 * answers would arrive after the client gave up. The health check is never shed, so a balancer can
 * still tell a busy instance from a dead one.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/** Raised for a shed request; the error handler answers it 503 SERVICE_UNAVAILABLE. */
export class LoadShedError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('Under pressure: request shed');
    this.name = 'LoadShedError';
  }
}

export async function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    // Sample often enough that a stall is seen within a fraction of the threshold, but well above
    // the histogram's 10 ms resolution: an interval with no sample reads as an infinite delay.
    sampleInterval: Math.max(100, Math.min(1_000, Math.round(maxEventLoopDelayMs / 4))),
    customError: LoadShedError,
  });
}

/** Route config that lets a request through whatever the pressure (the health check). */
export const NEVER_SHED = { pressureHandler: () => undefined };
