/**
 * The console API in the OpenAPI document: one operation per ADMIN_ROUTES entry, with its
 * parameters and body from the route's zod schemas, the lowest role allowed, and the cookie and
 * CSRF header it needs. Built from the same table the plugin registers, so it cannot drift.
 */
import { z } from 'zod';
import { ADMIN_API_PREFIX, CSRF_HEADER } from './admin-plugin.js';
import type { AdminRoute } from './admin-route.js';
import { isChange } from './admin-route.js';
import { SESSION_COOKIE } from './auth/session-cookie.js';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const ERROR = { $ref: '#/components/schemas/AdminError' };

function operationFor(route: AdminRoute) {
  const change = isChange(route.method);
  const roleText =
    route.role === 'public'
      ? 'No session needed.'
      : `Needs an operator session (cookie \`${SESSION_COOKIE}\`) with role **${route.role}** or higher` +
        (route.role === 'moderator' || route.moderation
          ? ' (moderators may call it).'
          : route.role === 'viewer'
            ? ' (not moderators: they are moderation only).'
            : '.') +
        (change
          ? ` Send the session's CSRF token in \`${CSRF_HEADER}\`; the change is written to the audit log.`
          : '');
  const responses: Record<string, unknown> = {
    '200': { description: 'Plain JSON (lists: `{data, total}`)', content: { 'application/json': {} } },
    '400': { description: 'Invalid request (code 1708)', content: { 'application/json': { schema: ERROR } } },
  };
  if (route.role === 'public') {
    responses['401'] = {
      description: 'Wrong credentials (1705) or the two-factor code is needed (1706)',
      content: { 'application/json': { schema: ERROR } },
    };
    responses['429'] = {
      description: 'Too many failed sign-ins',
      content: { 'application/json': { schema: ERROR } },
    };
  } else {
    responses['401'] = {
      description: 'No operator session (1702)',
      content: { 'application/json': { schema: ERROR } },
    };
    responses['403'] = {
      description: change
        ? 'Role too low (1703) or CSRF token missing or wrong (1704)'
        : 'Role too low (1703)',
      content: { 'application/json': { schema: ERROR } },
    };
  }
  return {
    operationId: `admin${route.method}${route.url.replace(/[/:](\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    description: roleText,
    parameters: [
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
      ...(change && route.role !== 'public'
        ? [{ name: CSRF_HEADER, in: 'header', required: true, schema: { type: 'string' } }]
        : []),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

export function adminOpenApi(routes: readonly AdminRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = ADMIN_API_PREFIX + route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationFor(route) };
  }
  return {
    paths,
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({
      name,
      description:
        'Operator console (plain JSON under /admin/api; see docs/reference/protocol.md, "The console API")',
    })),
    schemas: {
      AdminError: {
        type: 'object',
        required: ['code', 'msg'],
        properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { nullable: true } },
      },
    },
  };
}
