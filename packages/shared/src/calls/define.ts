import { z } from 'zod';
import { intField } from './wire-number.js';
import { rowIdOrNone } from './row-id.js';

/**
 * One call of the /v3 API: its path, who may make it, and the schemas of its opened request and
 * response payloads. The server validates with these and publishes them as OpenAPI; the web client
 * takes its types from them.
 */
export interface CallDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: `/v3/${string}`;
  summary: string;
  tag: string;
  /**
   * 'none': no session needed. 'session': a valid session (guest or user) is required.
   * 'user': a registered, non-guest session is required.
   */
  auth: 'none' | 'session' | 'user';
  /**
   * Whether the client merges the session/device fields into the body (protocol.md). False only
   * for /v3/login/index, reg and identity_login; the server checks apikey and timestamp only when true.
   */
  mergesSessionFields: boolean;
  request: Req;
  response: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  call: Omit<CallDefinition<Req, Res>, 'mergesSessionFields'> & { mergesSessionFields?: boolean },
): CallDefinition<Req, Res> {
  return { mergesSessionFields: true, ...call };
}

/** A call definition, or the definition a browser-side `CallRef` carries as its type. */
type DefinitionOf<C> = C extends { ref: true; definition?: infer Def } ? Def : C;
export type CallRequest<C> =
  DefinitionOf<C> extends CallDefinition<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallResponse<C> =
  DefinitionOf<C> extends CallDefinition<z.ZodType, infer Res> ? z.output<Res> : never;

/** Fields the client merges into every body (protocol.md, "Request fields merged into every body"). */
export const mergedFieldsSchema = z.object({
  user_token: z.string().max(256).default(''),
  user_id: rowIdOrNone.default(0),
  facility: z.string().max(64).default(''),
  deviceid: z.string().max(128).default(''),
  apikey: z.string().max(256),
  is_guest: intField(0, 1).default(0),
  timestamp: intField(1),
});
export type MergedFields = z.infer<typeof mergedFieldsSchema>;

/** Paged list request and response shapes shared by every list call (protocol.md). */
export const pageRequestSchema = z.object({
  page: intField(1).default(1),
  limit: intField(1, 100).default(10),
});
export function pagedListSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}

export const emptySchema = z.object({});
