/** Writes src/call-refs.ts from the call definitions (see src/calls/call-refs-render.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as calls from '../src/calls/index.js';
import { renderCallRefs } from '../src/calls/call-refs-render.js';

const target = fileURLToPath(new URL('../src/call-refs.ts', import.meta.url));
writeFileSync(target, renderCallRefs(calls));
console.log(`wrote ${target}`);
