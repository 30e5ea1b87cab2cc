/**
 * A minimal valid payload for any call, generated from its request schema (via its JSON Schema:
 * required fields only, numbers as 1 or their minimum, strings of their minimum length, enums'
 * first value, arrays of their minimum length), with FIELD_SAMPLES for fields whose refinements
 * JSON Schema cannot show and CALL_PAYLOADS for whole-call exceptions. The authorization matrix
 * starts from it (a payload the envelope accepts reaches the session checks) and the call fuzzer
 * mutates it (a mutation one step from valid reaches deeper than random JSON).
 */
import type { CallDefinition } from '@dm51/shared';
import { z } from 'zod';

/** Samples for fields whose format is a refinement (not visible in the JSON Schema). */
export const FIELD_SAMPLES: Record<string, unknown> = {
  account: 'matrix@example.test', // a mobile number or an e-mail address
  email: 'matrix@example.test',
  tel: '13900000000', // 11 digits starting with 1
  code: '123456', // verification codes are 6 digits (assist/help's code is any string)
  password: 'password 1', // 6–32 characters
  old_password: 'password 1',
};

/** Whole payloads for calls whose schema needs more than its required fields. */
export const CALL_PAYLOADS: Record<string, Record<string, unknown>> = {
  // Needs a password or a verification code (a refinement across fields).
  '/v3/user/write_off': { password: 'password 1' },
  // A date (YYYY-MM-DD) and a client key.
  '/v3/task/makeup': { date: '2026-01-05', idempotency_key: 'matrix-key-1' },
};

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export function requestJsonSchema(call: CallDefinition): JsonSchema {
  return z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function sample(schema: JsonSchema, field: string): unknown {
  if (field in FIELD_SAMPLES) return FIELD_SAMPLES[field];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternative = (schema.anyOf ?? schema.oneOf)?.[0];
  if (alternative) return sample(alternative, field);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const key of schema.required ?? []) object[key] = sample(schema.properties?.[key] ?? {}, key);
      return object;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, field));
    case 'string':
      return schema.format === 'email'
        ? 'matrix@example.test'
        : 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    default:
      return 1;
  }
}

export function payloadOf(call: CallDefinition): Record<string, unknown> {
  return CALL_PAYLOADS[call.path] ?? (sample(requestJsonSchema(call), '') as Record<string, unknown>);
}
