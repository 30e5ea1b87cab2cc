/**
 * The OpenAPI 3 description of the /v3 API, built from the same zod schemas the server validates
 * with (ALL_CALLS in packages/shared), so the document cannot drift from the code. On the wire every
 * body is sealed; the document therefore shows the sealed form on each operation and publishes the
 * opened (decrypted) payloads as component schemas `<Call>Request` and `<Call>Response`.
 */
import {
  ALL_CALLS,
  API_CODES,
  APP_VERSION_NAME,
  ApiCode,
  mergedFieldsSchema,
  type CallDefinition,
} from '@dm51/shared';
import { z } from 'zod';
import { adminOpenApi } from '../admin/admin-openapi.js';
import { ADMIN_ROUTES } from '../admin/admin-routes.js';
import type { AdminRoute } from '../admin/admin-route.js';

type JsonSchema = Record<string, unknown>;

/** Every response code, from the one catalogue in packages/shared (so new codes are documented). */
const ERROR_CODES = Object.entries(API_CODES).map(([name, entry]) => ({ name, ...entry }));

const API_DESCRIPTION = `
Every call is \`POST /v3/<path>\` with \`Content-Type: application/x-www-form-urlencoded\` and one form
field, \`data\`: the **sealed** JSON request. Sealing: \`JSON.stringify\` → UTF-8 → PKCS#7 → AES-CFB128
(key size from the deployment key) under a random 16-byte IV → lowercase hex; the 32 hex characters of
the IV are inserted after the first 16 hex characters of the ciphertext.

The answer is HTTP 200 \`{ "code": <int>, "msg": <string>, "data": <sealed string | null> }\`; \`code\` 1
is success. An invalid session is HTTP 401. The schemas below named \`…Request\` and \`…Response\` are
the **opened** payloads (what is inside \`data\`).

Unless a call says otherwise, the client merges these fields into every request body before sealing
(schema \`MergedFields\`): \`user_token\`, \`user_id\`, \`facility\`, \`deviceid\`, \`apikey\`, \`is_guest\`,
\`timestamp\` (milliseconds). The server checks \`apikey\` and that \`timestamp\` is within the
deployment's window of its own clock.

| code | name | meaning |
|---|---|---|
${ERROR_CODES.map((e) => `| ${e.code} | ${e.name} | ${e.meaning} |`).join('\n')}
`.trim();

function schemaName(call: CallDefinition): string {
  return call.path
    .replace(/^\/v3\//, '')
    .split(/[/_]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
}

function codesFor(call: CallDefinition): number[] {
  const codes: number[] = [ApiCode.ENVELOPE_MISSING, ApiCode.ENVELOPE_MALFORMED];
  if (call.mergesSessionFields) codes.push(ApiCode.APIKEY_INVALID, ApiCode.TIMESTAMP_STALE);
  codes.push(ApiCode.PARAMS_INVALID);
  if (call.auth !== 'none') codes.push(ApiCode.SESSION_INVALID);
  if (call.auth === 'user') codes.push(ApiCode.LOGIN_REQUIRED);
  return codes;
}

const AUTH_TEXT: Record<CallDefinition['auth'], string> = {
  none: 'No session needed.',
  session: 'Needs a valid session (guest or user): merged `user_token` + matching `user_id`.',
  user: 'Needs a registered (non-guest) session.',
};

function operationFor(call: CallDefinition) {
  const name = schemaName(call);
  const codes = codesFor(call)
    .map((code) => `\`${code}\` ${ERROR_CODES.find((e) => e.code === code)?.name ?? ''}`)
    .join(', ');
  const merged = call.mergesSessionFields
    ? 'The opened request also carries the merged fields (`MergedFields`).'
    : 'This call does **not** merge the session/device fields.';
  return {
    operationId: name.charAt(0).toLowerCase() + name.slice(1),
    summary: call.summary,
    tags: [call.tag],
    description: [
      `Opened request: \`${name}Request\`. Opened response (\`data\`): \`${name}Response\`.`,
      merged,
      AUTH_TEXT[call.auth],
      `Error codes: ${codes}.`,
    ].join('\n\n'),
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'string', description: `Sealed JSON of ${name}Request` } },
          },
        },
      },
    },
    responses: {
      '200': {
        description: `Success (code 1, \`data\` = sealed ${name}Response) or a failure code with \`data: null\``,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/SealedResponse' } } },
      },
      ...(call.auth === 'none'
        ? {}
        : {
            '401': {
              description: 'Session invalid (code 401): the client clears its session',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SealedResponse' } } },
            },
          }),
    },
    'x-opened-request': { $ref: `#/components/schemas/${name}Request` },
    'x-opened-response': { $ref: `#/components/schemas/${name}Response` },
  };
}

export function buildOpenApiDocument(
  calls: readonly CallDefinition[] = ALL_CALLS,
  adminRoutes: readonly AdminRoute[] = ADMIN_ROUTES,
) {
  const schemas: Record<string, JsonSchema> = {
    MergedFields: toSchema(mergedFieldsSchema, 'input'),
    SealedResponse: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: {
        code: { type: 'integer', description: '1 (or 200) success; see the code table' },
        msg: { type: 'string' },
        data: { type: 'string', nullable: true, description: 'Sealed JSON of the call response, or null' },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const name = schemaName(call);
    const request = toSchema(call.request, 'input');
    schemas[`${name}Request`] = call.mergesSessionFields
      ? { allOf: [{ $ref: '#/components/schemas/MergedFields' }, request] }
      : request;
    schemas[`${name}Response`] = toSchema(call.response, 'output');
    paths[call.path] = { post: operationFor(call) };
  }
  const admin = adminOpenApi(adminRoutes);
  return {
    openapi: '3.0.3',
    info: { title: '51动漫 client API', version: APP_VERSION_NAME, description: API_DESCRIPTION },
    tags: [...[...new Set(calls.map((call) => call.tag))].map((name) => ({ name })), ...admin.tags],
    paths: { ...paths, ...admin.paths },
    components: { schemas: { ...schemas, ...admin.schemas } },
  };
}
