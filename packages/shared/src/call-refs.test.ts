import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as refs from './call-refs.js';
import * as calls from './calls/index.js';
import { renderCallRefs } from './calls/call-refs-render.js';

describe('call refs for the browser', () => {
  it('are generated from the current call definitions', () => {
    const committed = readFileSync(new URL('./call-refs.ts', import.meta.url), 'utf8');
    expect(committed, 'src/call-refs.ts is stale: run npm run gen:call-refs -w @dm51/shared').toBe(
      renderCallRefs(calls),
    );
  });

  it('name every call the server serves, with its path and merge rule', () => {
    const byPath = new Map(Object.values(refs).map((ref) => [ref.path, ref]));
    expect(byPath.size).toBe(calls.ALL_CALLS.length);
    for (const call of calls.ALL_CALLS) {
      expect(byPath.get(call.path)).toEqual({
        ref: true,
        path: call.path,
        mergesSessionFields: call.mergesSessionFields,
      });
    }
  });
});
