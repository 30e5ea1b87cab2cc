/**
 * Request ids. A balancer in front (HAProxy, nginx) names each request in `X-Request-Id`; the
 * server keeps that id when it is safe to log (at most 128 characters of a URL-safe set) and makes
 * one otherwise, so one id follows a request from the balancer's log through whichever instance
 * answered it. The id is echoed in the response's `x-request-id` and is the `reqId` of every log
 * line Fastify's request logger writes for the request.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `-._~:+/=@` (UUIDs, ULIDs, base64, HAProxy's `%ID` formats), 1–128 of them. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9\-._~:+/=@]{1,128}$/;

export function isSafeRequestId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value);
}

/** Fastify's `genReqId`: the balancer's id when it is safe, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return isSafeRequestId(given) ? given : randomUUID();
}

/** What tells this instance's log lines from another's: INSTANCE_ID, else `hostname:pid`. */
export function instanceName(configured: string | undefined): string {
  return configured ?? `${hostname()}:${process.pid}`;
}
