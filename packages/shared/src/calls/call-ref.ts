import type { CallDefinition } from './define.js';

/**
 * What a client needs at run time to make a call: its path and whether the session fields are
 * merged. The definition rides along as a type only, so request and response types stay exact while
 * the browser bundle carries none of the zod schemas (the server validates both directions).
 */
export interface CallRef<Def extends CallDefinition = CallDefinition> {
  readonly ref: true;
  readonly path: Def['path'];
  readonly mergesSessionFields: boolean;
  /** Never set: carries the definition's type. */
  readonly definition?: Def;
}

export function callRef<Def extends CallDefinition>(
  path: Def['path'],
  mergesSessionFields = true,
): CallRef<Def> {
  return { ref: true, path, mergesSessionFields };
}
