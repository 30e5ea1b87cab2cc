/**
 * The client protocol (protocol.md) as a Fastify plugin. Every `/v3/*` call arrives as one
 * form-encoded field `data` holding a sealed JSON object. This module opens it, checks the merged
 * `apikey` and `timestamp`, validates the payload with the call's zod schema, resolves the session,
 * and seals the handler's answer. Route files therefore only hold: validate → authorize → one
 * service call → present.
 *
 * Uploads are multipart/form-data with the file in `file` and the sealed request in `data`
 * (protocol.md). Only calls registered with an `upload` option accept them; the file is read into
 * memory under that call's size limit and handed to the handler as `context.upload`.
 */
import { timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import {
  ApiCode,
  isEnvelopeError,
  mergedFieldsSchema,
  type CallDefinition,
  type JsonObject,
  type MergedFields,
} from '@dm51/shared';
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Errors, isAppError } from '../errors.js';
import type { SessionContext } from '../services/session.service.js';

/** A body that was not form-encoded: read (so the connection stays usable) and then refused. */
const NOT_FORM_ENCODED = Symbol('not-form-encoded');

export interface CallContext {
  request: FastifyRequest;
  log: FastifyBaseLogger;
  /** The merged session/device fields, or null for calls that do not merge them (login). */
  merged: MergedFields | null;
  /** The resolved session; always set for calls whose auth is 'session' or 'user'. */
  session: SessionContext | null;
  /** The uploaded file of a multipart call (only for calls registered with `upload`), else null. */
  upload: UploadedFile | null;
}

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  /** As the client declared it: a hint only, handlers check the content. */
  mimetype: string;
}

export interface RegisterCallOptions {
  /** Accept multipart/form-data with a file in field `file` of at most `maxBytes`. */
  upload?: { maxBytes: number };
  /**
   * The handler answers objects shared between requests (a service's cache) and never changes
   * them: the checked and sealed answer is kept beside the object and sent again while the object
   * lives, instead of checking, serialising and encrypting the same 30 KB for every launch. The
   * resend reuses the IV only for the very same plaintext, which tells an observer no more than
   * that two answers are equal.
   */
  sharedAnswer?: boolean;
}

/** Multipart bodies carry the sealed `data` field plus one file; anything more is refused. */
const MULTIPART_FIELD_LIMITS = { files: 1, fields: 4, parts: 6, fieldSize: 256 * 1024 } as const;

/** The session of a call whose auth is 'session' or 'user' (the envelope has resolved it already). */
export function sessionOf(context: CallContext): SessionContext {
  if (!context.session) throw Errors.sessionInvalid();
  return context.session;
}

export type CallHandler<Req extends z.ZodType, Res extends z.ZodType> = (
  input: z.output<Req>,
  context: CallContext,
) => Promise<z.input<Res>>;

export interface EnvelopePluginOptions {
  /** Route plugins to register inside the envelope context (each calls `registerCall`). */
  routes: FastifyPluginAsync[];
}

/**
 * Register with `{ prefix: '/v3' }`: the content-type parsers and the not-found handler below then
 * apply to the API only, and the rest of the app (static files, docs) keeps Fastify's defaults.
 */
export const envelopePlugin: FastifyPluginAsync<EnvelopePluginOptions> = async (api, options) => {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseFormBody(body as string));
    },
  );
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
    done(null, NOT_FORM_ENCODED);
  });
  // Parses nothing by itself: registerCall reads the parts of calls that take an upload.
  await api.register(multipart, { limits: MULTIPART_FIELD_LIMITS });

  api.setNotFoundHandler(async (request) => {
    throw Errors.unknownCall(request.url.split('?')[0] ?? request.url);
  });

  for (const routes of options.routes) await api.register(routes);
};

/** Adds one call of the /v3 API. `call.path` is absolute; the '/v3' prefix of the context is removed. */
export function registerCall<Req extends z.ZodType, Res extends z.ZodType>(
  app: FastifyInstance,
  call: CallDefinition<Req, Res>,
  handler: CallHandler<Req, Res>,
  options: RegisterCallOptions = {},
): void {
  const url = call.path.startsWith(`${app.prefix}/`) ? call.path.slice(app.prefix.length) : call.path;
  const log = app.log.child({ module: 'envelope' });
  const sharedBodies = options.sharedAnswer ? new WeakMap<object, Buffer>() : null;

  /** The handler's answer checked against the call's schema and sealed. */
  const sealAnswer = (result: unknown): string => {
    // Parsing the answer strips anything the schema does not list and catches drift from the
    // published contract (a failure here is a server bug: logged, answered as a generic 500).
    const data = call.response.safeParse(result);
    if (!data.success) {
      log.error(
        { call: call.path, issues: data.error.issues },
        'handler answered outside its response schema',
      );
      throw Errors.internal();
    }
    return app.envelope.seal(data.data);
  };
  // Written out rather than serialised: the sealed hex needs no escaping, and Fastify's string
  // escaping loop over a 60 KB answer cost more than the encryption.
  const okBody = (sealed: string) => `{"code":${ApiCode.OK},"msg":"ok","data":"${sealed}"}`;

  /**
   * The whole response body. A shared answer's body is kept as bytes beside the shared object, so
   * a resend is neither checked, serialised, encrypted nor encoded to UTF-8 again.
   */
  const answerBody = (result: unknown): string | Buffer => {
    if (!sharedBodies || typeof result !== 'object' || result === null) return okBody(sealAnswer(result));
    let body = sharedBodies.get(result);
    if (body === undefined) {
      body = Buffer.from(okBody(sealAnswer(result)));
      sharedBodies.set(result, body);
    }
    return body;
  };

  app.post(
    url,
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { envelope, config, services } = app;
      let wire: string;
      let upload: UploadedFile | null = null;
      if (request.isMultipart()) {
        if (!options.upload) throw Errors.envelopeMissing();
        ({ wire, upload } = await readMultipart(request, options.upload.maxBytes));
      } else {
        wire = readSealedField(request.body);
      }
      const opened = openSealedWire(wire, (sealed) => envelope.openObject(sealed));

      const merged = call.mergesSessionFields ? checkMergedFields(opened, config) : null;
      const input = parsePayload(call.request, opened);

      let session: SessionContext | null = null;
      if (call.auth !== 'none') {
        if (!merged) throw Errors.sessionInvalid();
        session = await services.sessions.resolve(merged.user_token, merged.user_id);
        if (call.auth === 'user' && session.isGuest) throw Errors.loginRequired();
      }

      const result = await handler(input, { request, log: request.log, merged, session, upload });
      return reply.type('application/json; charset=utf-8').send(answerBody(result));
    },
  );
}

/**
 * Every client sends exactly `data=<hex>`: that body is taken apart without querystring's
 * character-by-character walk (tens of microseconds on a sealed request, a tenth of a small call).
 * Anything else (more fields, escapes) goes through querystring as before.
 */
const SEALED_FIELD_PREFIX = 'data=';

function parseFormBody(body: string): Record<string, unknown> {
  if (
    body.startsWith(SEALED_FIELD_PREFIX) &&
    !body.includes('&') &&
    !body.includes('%') &&
    !body.includes('+')
  ) {
    return { data: body.slice(SEALED_FIELD_PREFIX.length) };
  }
  return parseQuery(body);
}

function readSealedField(body: unknown): string {
  if (body === NOT_FORM_ENCODED || typeof body !== 'object' || body === null) throw Errors.envelopeMissing();
  const data = (body as Record<string, unknown>)['data'];
  if (typeof data !== 'string' || data === '') throw Errors.envelopeMissing();
  return data;
}

/**
 * Reads the `data` field and the `file` of a multipart call. Limits come from busboy, so an
 * oversized file is cut off while streaming instead of being buffered whole.
 */
async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ wire: string; upload: UploadedFile | null }> {
  let wire = '';
  let upload: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_FIELD_LIMITS, fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw Errors.uploadInvalid('Upload the file in the form field "file"');
        const buffer = await part.toBuffer();
        upload = { buffer, filename: part.filename, mimetype: part.mimetype };
      } else if (part.fieldname === 'data' && typeof part.value === 'string') {
        wire = part.value;
      }
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw Errors.uploadInvalid(`The file is too large (at most ${Math.round(maxBytes / 1024 / 1024)} MB)`);
    }
    // Busboy's parse errors and the part/field limits: the client sent something we do not accept.
    throw Errors.uploadInvalid('Malformed upload: send one file in "file" and the sealed request in "data"');
  }
  if (wire === '') throw Errors.envelopeMissing();
  return { wire, upload };
}

function openSealedWire(wire: string, open: (wire: string) => JsonObject): JsonObject {
  try {
    return open(wire);
  } catch (error) {
    if (isEnvelopeError(error)) throw Errors.envelopeMalformed(error.failure);
    throw error;
  }
}

function checkMergedFields(
  opened: JsonObject,
  config: { apiKey: string; timestampWindowS: number },
): MergedFields {
  if (!sameSecret(opened['apikey'], config.apiKey)) throw Errors.apikeyInvalid();
  const merged = parsePayload(mergedFieldsSchema, opened);
  if (Math.abs(merged.timestamp - Date.now()) > config.timestampWindowS * 1000) {
    throw Errors.timestampStale(config.timestampWindowS);
  }
  return merged;
}

function parsePayload<S extends z.ZodType>(schema: S, opened: JsonObject): z.output<S> {
  const parsed = schema.safeParse(opened);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw Errors.paramsInvalid(issue?.path.join('.') ?? '', issue?.message ?? 'invalid');
}

/** Constant-time comparison, so the API key cannot be guessed byte by byte from response times. */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
