/**
 * `npm run bench:fuzz`: 100,000 hostile requests (FUZZ_CASES) through the real app: payloads one
 * mutation away from valid and random JSON on every call, as a user, a guest and nobody, files on
 * upload calls, and malformed envelopes (a tenth of the cases); see
 * packages/server/src/testing/call-fuzz.ts. Prints the cases per second, the answers by code and
 * every failing case (a 5xx, or an answer that is not the protocol's JSON), shrunk by fast-check;
 * exits non-zero on a failure. SQLite, or PostgreSQL with DATABASE_URL. FUZZ_SEED replays a run.
 */
import { ALL_CALLS } from '@dm51/shared';
import {
  fuzzCall,
  fuzzEnvelope,
  prepareFuzzTarget,
  type CodeTally,
} from '../packages/server/src/testing/call-fuzz.js';
import { buildTestApp } from '../packages/server/src/testing/test-app.js';

const CASES = Number(process.env['FUZZ_CASES'] ?? 100_000);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : Date.now() % 2 ** 31;
const envelopeCases = Math.round(CASES / 10);
const runsPerCall = Math.ceil((CASES - envelopeCases) / ALL_CALLS.length);

const ctx = await buildTestApp();
const target = await prepareFuzzTarget(ctx);
const codes: CodeTally = new Map();
const failures: string[] = [];
let sent = 0;
const started = performance.now();
console.log(
  `bench:fuzz on ${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'SQLite'}, seed ${SEED}: ` +
    `${runsPerCall} cases on each of ${ALL_CALLS.length} calls, ${envelopeCases} malformed envelopes`,
);
for (const call of ALL_CALLS) {
  try {
    sent += await fuzzCall(ctx, target, call, { runs: runsPerCall, seed: SEED, codes });
  } catch (error) {
    failures.push(String(error instanceof Error ? error.message : error));
  }
}
try {
  sent += await fuzzEnvelope(ctx, target, { runs: envelopeCases, seed: SEED, codes });
} catch (error) {
  failures.push(String(error instanceof Error ? error.message : error));
}
const seconds = (performance.now() - started) / 1000;
await ctx.close();

const byCode = [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `${code}: ${count}`);
console.log(`${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} cases/s)`);
console.log(`answers by code: ${byCode.join(', ')}`);
console.log(
  `OK answers: ${(((codes.get(1) ?? 0) / sent) * 100).toFixed(1)} % (cases that reached a handler and passed)`,
);
if (failures.length > 0) {
  console.log(`\n${failures.length} failing properties:\n${failures.join('\n\n')}`);
  process.exitCode = 1;
} else {
  console.log('no 5xx, no answer outside the protocol, no crash');
}
