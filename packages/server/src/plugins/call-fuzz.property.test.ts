/**
 * Hostile input on every call (testing/call-fuzz.ts): payloads one mutation away from valid and
 * random JSON on each call of ALL_CALLS, as a user, a guest and nobody, files on upload calls, and
 * malformed envelopes. No answer may be a 5xx, every answer is the protocol's JSON, and the server
 * still answers a plain call afterwards. A bounded number of cases here (FUZZ_RUNS per call, default
 * 12; FUZZ_SEED replays a failure); `npm run bench:fuzz` runs 100,000. SQLite, or PostgreSQL with
 * DATABASE_URL.
 */
import { ALL_CALLS, ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fuzzCall,
  fuzzEnvelope,
  prepareFuzzTarget,
  UPLOAD_CALL_PATHS,
  type CodeTally,
  type FuzzTarget,
} from '../testing/call-fuzz.js';
import { payloadOf, requestJsonSchema } from '../testing/call-payloads.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 12);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

let ctx: TestApp;
let target: FuzzTarget;
/** Answer codes of the payload cases, by code. */
const codes: CodeTally = new Map();

beforeAll(async () => {
  ctx = await buildTestApp();
  target = await prepareFuzzTarget(ctx);
});
afterAll(async () => ctx?.close());

describe('hostile input on every call', () => {
  it('knows the upload calls the server registered', async () => {
    // A call registered without `upload` refuses multipart before anything else; the fuzzer must
    // send files to exactly the calls that take them, or it would only ever test that refusal.
    const takesUpload: string[] = [];
    for (const call of ALL_CALLS) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: call.path,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n00\r\n--x--\r\n',
      });
      if (response.json<{ code: number }>().code !== ApiCode.ENVELOPE_MISSING) takesUpload.push(call.path);
    }
    expect(takesUpload.sort()).toEqual([...UPLOAD_CALL_PATHS].sort());
  });

  it.each(ALL_CALLS.map((call) => [call.path, call] as const))(
    '%s answers mutated payloads without a 5xx',
    async (_path, call) => {
      const sent = await fuzzCall(ctx, target, call, { runs: RUNS, seed: SEED, codes });
      expect(sent).toBe(RUNS);
    },
  );

  it('reaches the handlers, not only the schema check', () => {
    // Mutations one step from valid must get past validation often enough to test the handlers:
    // answers other than PARAMS_INVALID and the session refusals (OK and the domain codes).
    const total = [...codes.values()].reduce((sum, count) => sum + count, 0);
    const shallow = [ApiCode.PARAMS_INVALID, ApiCode.LOGIN_REQUIRED].reduce(
      (sum, code) => sum + (codes.get(code) ?? 0),
      0,
    );
    console.log(
      `[fuzz] ${total} payload cases; answers by code: ${JSON.stringify(Object.fromEntries(codes))}`,
    );
    expect(total).toBe(RUNS * ALL_CALLS.length);
    expect((codes.get(ApiCode.OK) ?? 0) / total).toBeGreaterThan(0.1);
    expect((total - shallow) / total).toBeGreaterThan(0.25);
  });

  it('refuses ids beyond a 32-bit row id as PARAMS_INVALID on every call (PostgreSQL would fail the query)', async () => {
    const session = await target.client.initGuest();
    const checked: string[] = [];
    for (const call of ALL_CALLS) {
      const properties = requestJsonSchema(call).properties ?? {};
      for (const [field, schema] of Object.entries(properties)) {
        if (!/(^|_)(id|uid)$/.test(field) || schema.type !== 'integer') continue;
        const answer = await target.client.call(
          call.path,
          { ...payloadOf(call), [field]: 2 ** 31 },
          { session },
        );
        expect([call.path, field, answer.code]).toEqual([call.path, field, ApiCode.PARAMS_INVALID]);
        checked.push(`${call.path} ${field}`);
      }
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it('answers malformed envelopes without a 5xx', async () => {
    expect(await fuzzEnvelope(ctx, target, { runs: RUNS * 20, seed: SEED })).toBe(RUNS * 20);
  });

  it('still serves a plain call afterwards', async () => {
    const session = await target.client.initGuest();
    const answer = await target.client.call('/v3/app/start', {}, { session });
    expect(answer.code).toBe(ApiCode.OK);
  });
});
