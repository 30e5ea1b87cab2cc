/**
 * /kosync/…: KOReader's progress sync server ("Custom sync server" in KOReader's Progress sync
 * plugin), outside the /v3 envelope. KOReader signs in on every call with `x-auth-user` (the
 * account's user ID, or its login name) and `x-auth-key` (the MD5 of an app token: the same tokens
 * as OPDS, so revoking one stops both). Replies are JSON with a Content-Type of exactly
 * `application/json`: KOReader decodes nothing else. Errors carry KOReader's codes: 2001
 * unauthorised, 2002 user exists (accounts are made in the app), 2003 invalid request, 2004 no
 * document.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KosyncRefusal } from './kosync.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account KOReader signed in as (set on every /kosync call past sign-in). */
    kosyncUserId?: number;
  }
}

const JSON_TYPE = 'application/json';
const BODY_LIMIT = 16 * 1024;

const documentId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const pushSchema = z.object({
  document: documentId,
  // Paged documents' page numbers come as strings; a client that sends a number means the same.
  progress: z
    .union([z.string(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().min(1).max(512)),
  percentage: z.number().min(0).max(1),
  device: z.string().max(80),
  device_id: z.string().max(80),
});

/** A JSON reply with no charset parameter: Fastify adds one to string payloads, not to bytes. */
function send(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .header('content-type', JSON_TYPE)
    .send(Buffer.from(JSON.stringify(body), 'utf8'));
}

const unauthorized = (reply: FastifyReply) => send(reply, 401, { code: 2001, message: 'Unauthorized' });
const invalid = (reply: FastifyReply, message = 'Invalid request') =>
  send(reply, 403, { code: 2003, message });

export const kosyncPlugin: FastifyPluginAsync = async (app) => {
  const { tokens } = app.services.opds;
  const { sync } = app.services.kosync;

  // Any body is read as text and parsed here, so a malformed one is KOReader's 2003, not Fastify's 400.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof KosyncRefusal)
      return send(reply, error.status, { code: error.code, message: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return invalid(reply, 'Request body too large');
    if (status < 500) return invalid(reply);
    request.log.error({ err: error, module: 'kosync' }, 'KOReader sync request failed');
    return send(reply, 500, { code: 2000, message: 'Unknown server error' });
  });
  app.setNotFoundHandler(async (_request, reply) => send(reply, 404, { code: 2000, message: 'Not found' }));

  const signIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const result = await tokens.authenticateSync(header('x-auth-user'), header('x-auth-key'), request.ip);
    if (result.ok) {
      request.kosyncUserId = result.userId;
      return;
    }
    if (result.reason === 'rate-limited') {
      reply.header('retry-after', String(result.retryAfterS));
      return send(reply, 429, {
        code: 2001,
        message: `Too many failed sign-ins from this address: try again in ${result.retryAfterS} seconds.`,
      });
    }
    return unauthorized(reply);
  };

  app.post('/users/create', async (_request, reply) =>
    send(reply, 402, {
      code: 2002,
      message:
        'Accounts are made in the 51动漫 app. Register there, then sign in here with your user ID and an app token (Settings → E-reader apps).',
    }),
  );

  app.get('/users/auth', { onRequest: signIn }, async (_request, reply) =>
    send(reply, 200, { authorized: 'OK' }),
  );

  app.put('/syncs/progress', { onRequest: signIn, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    let body: unknown;
    try {
      body = typeof request.body === 'string' && request.body !== '' ? JSON.parse(request.body) : null;
    } catch {
      return invalid(reply);
    }
    if (!body || typeof body !== 'object') return invalid(reply);
    if (!('document' in body) || !(body as { document: unknown }).document)
      return send(reply, 403, { code: 2004, message: "Field 'document' not provided." });
    const parsed = pushSchema.safeParse(body);
    if (!parsed.success) return invalid(reply);
    return send(reply, 200, await sync.push(request.kosyncUserId!, parsed.data));
  });

  app.get('/syncs/progress/:document', { onRequest: signIn }, async (request, reply) => {
    const parsed = documentId.safeParse((request.params as { document?: string }).document);
    // An id no file could have is a document nobody synced.
    if (!parsed.success) return send(reply, 200, {});
    return send(reply, 200, await sync.pull(request.kosyncUserId!, parsed.data));
  });
};
