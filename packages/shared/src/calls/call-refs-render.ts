import type { CallDefinition } from './define.js';

function isCallDefinition(value: unknown): value is CallDefinition {
  return typeof value === 'object' && value !== null && 'path' in value && 'request' in value;
}

/**
 * The source of `src/call-refs.ts`: one `callRef` per exported call definition, sorted by name.
 * `npm run gen:call-refs -w @dm51/shared` writes it; a test fails when the file is stale.
 */
export function renderCallRefs(calls: Record<string, unknown>): string {
  const lines = Object.entries(calls)
    .filter(
      (entry): entry is [string, CallDefinition] => entry[0].endsWith('Call') && isCallDefinition(entry[1]),
    )
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, call]) => {
      const merges = call.mergesSessionFields ? '' : ', false';
      return `export const ${name} = callRef<typeof calls.${name}>('${call.path}'${merges});`;
    });
  return [
    '// Generated from src/calls by `npm run gen:call-refs -w @dm51/shared`: do not edit.',
    '// The browser imports these instead of the definitions, so no zod schema reaches its bundle.',
    "import { callRef } from './calls/call-ref.js';",
    "import type * as calls from './calls/index.js';",
    '',
    ...lines,
    '',
  ].join('\n');
}
