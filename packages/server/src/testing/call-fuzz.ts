/**
 * Property-based fuzzing of the client protocol (fast-check): every call of ALL_CALLS gets payloads
 * one mutation away from valid (a field replaced by a hostile value, a field removed, an unknown
 * field added, the merged session fields garbled) and whole payloads of random JSON, sent sealed as
 * a registered user, a guest or nobody; upload calls as multipart with random files. The envelope
 * itself gets hostile bodies: not hex, odd lengths, flipped bits in a valid seal, a valid seal of
 * text that is not JSON or not an object, several `data` fields, other content types, 1 MiB.
 *
 * The property: no answer is a 5xx, and every answer is the protocol's JSON (a numeric `code`).
 * The server test (plugins/call-fuzz.property.test.ts) runs a bounded number of cases on each
 * database; `npm run bench:fuzz` runs 100,000.
 */
import { ALL_CALLS, type CallDefinition } from '@dm51/shared';
import fc from 'fast-check';
import { multipart } from './accounts.js';
import { payloadOf, requestJsonSchema } from './call-payloads.js';
import { buildChapter, buildWork } from './catalogue-factory.js';
import { registeredUser } from './money-factory.js';
import type { TestApp } from './test-app.js';
import { createTestClient, type TestClient, type TestSession } from './test-client.js';

/** The calls that take a file (multipart); every other call refuses multipart before anything. */
export const UPLOAD_CALL_PATHS = new Set([
  '/v3/user/uppic',
  '/v3/comment/upload',
  '/v3/app/feedback_upload',
  '/v3/login/identity_login',
  '/v3/ai/cos_create',
]);

const MERGED_FIELDS = ['user_token', 'user_id', 'facility', 'deviceid', 'apikey', 'is_guest', 'timestamp'];

/** Values a careless or hostile client sends where something else was expected. */
function hostileValue(knownIds: number[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      null,
      true,
      0,
      -1,
      2 ** 31,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      1.5,
      '',
      ' ',
      '0',
      '-1',
      '1e9',
      'NaN',
      '../../../../etc/passwd',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      '\ud800',
      '💥'.repeat(200),
      'x'.repeat(70_000),
      '2026-02-30',
      '13900000000',
      'a@b',
      {},
      [],
      [[[[[[[[[[]]]]]]]]]],
      { __proto__: { admin: true } },
      { constructor: { prototype: { polluted: true } } },
    ),
    fc.constantFrom(...knownIds),
    fc.integer(),
    fc.double(),
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 64 }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 300 }),
  );
}

/** Payloads one mutation away from the call's minimal valid payload, and random JSON. */
export function mutatedPayloads(call: CallDefinition, knownIds: number[]): fc.Arbitrary<unknown> {
  const base = payloadOf(call);
  const schemaFields = Object.keys(requestJsonSchema(call).properties ?? {});
  const fields = [...new Set([...schemaFields, ...Object.keys(base), ...MERGED_FIELDS])];
  const value = hostileValue(knownIds);
  const replaced = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...fields), value), {
      minLength: 1,
      maxLength: 3,
      selector: ([field]) => field,
    })
    .map((changes) => ({ ...base, ...Object.fromEntries(changes) }));
  const removed = fc.constantFrom(...fields).map((field) => {
    const copy: Record<string, unknown> = { ...base };
    delete copy[field];
    return copy;
  });
  const extra = fc
    .tuple(fc.string({ minLength: 1, maxLength: 20 }), value)
    .map(([field, extraValue]) => ({ ...base, [field]: extraValue }));
  return fc.oneof(
    { weight: 5, arbitrary: replaced },
    { weight: 2, arbitrary: removed },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

export interface FuzzTarget {
  client: TestClient;
  /** Ids of real rows (a work, a chapter of each kind), so mutations sometimes name real things. */
  knownIds: number[];
}

/** A test app with a comic, a novel and an anime of one chapter each, and its client. */
export async function prepareFuzzTarget(ctx: TestApp): Promise<FuzzTarget> {
  const knownIds: number[] = [];
  for (const type of [0, 1, 2] as const) {
    const work = await buildWork(ctx.db, null, { type, title: `Fuzz work ${type}` });
    const chapter = await buildChapter(ctx.db, { workId: work.id });
    knownIds.push(work.id, chapter.id);
  }
  return { client: createTestClient(ctx), knownIds };
}

/** How many answers carried each code (so a run shows how deep the cases reached). */
export type CodeTally = Map<number, number>;

function tally(codes: CodeTally | undefined, body: string): void {
  if (!codes) return;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    if (typeof code === 'number') codes.set(code, (codes.get(code) ?? 0) + 1);
  } catch {
    // answerProblem reports it
  }
}

export interface FuzzAnswer {
  status: number;
  body: string;
}

/** What a fuzzed answer must be: not a 5xx, and the protocol's JSON with a numeric code. */
export function answerProblem(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`;
  try {
    const json = JSON.parse(answer.body) as { code?: unknown };
    if (typeof json.code !== 'number') return `no numeric code: ${answer.body.slice(0, 300)}`;
  } catch {
    return `not JSON (HTTP ${answer.status}): ${answer.body.slice(0, 300)}`;
  }
  return null;
}

/** Files for upload calls: random bytes, or a PNG signature followed by anything (a polyglot start). */
const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const hostileFile: fc.Arbitrary<Uint8Array | null> = fc.oneof(
  fc.constant(null),
  fc.uint8Array({ maxLength: 2048 }),
  fc.uint8Array({ maxLength: 2048 }).map((tail) => Uint8Array.from([...PNG_SIGNATURE, ...tail])),
);

type Who = 'user' | 'guest' | 'nobody';

/**
 * One property per call: a fresh registered user and guest for it (a fuzzed logout or account
 * deletion must not spoil the next call's cases). Throws fast-check's report (shrunk) on failure.
 */
export async function fuzzCall(
  ctx: TestApp,
  target: FuzzTarget,
  call: CallDefinition,
  options: { runs: number; seed?: number; codes?: CodeTally },
): Promise<number> {
  const { client } = target;
  const sessions: Record<Who, TestSession | undefined> = {
    user: await registeredUser(ctx.db, client),
    guest: await client.initGuest(),
    nobody: undefined,
  };
  const upload = UPLOAD_CALL_PATHS.has(call.path);
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(
      mutatedPayloads(call, target.knownIds),
      fc.constantFrom<Who>('user', 'user', 'guest', 'nobody'),
      upload ? hostileFile : fc.constant(null),
      async (payload, who, file) => {
        const body =
          call.mergesSessionFields &&
          payload !== null &&
          typeof payload === 'object' &&
          !Array.isArray(payload)
            ? { ...client.mergedFields(sessions[who]), ...payload }
            : payload;
        const sealed = client.envelope.seal(body);
        const request = upload
          ? multipart({ data: sealed }, file ? { bytes: Buffer.from(file) } : null)
          : { body: `data=${sealed}`, contentType: 'application/x-www-form-urlencoded' };
        const response = await ctx.app.inject({
          method: 'POST',
          url: call.path,
          headers: { 'content-type': request.contentType },
          body: request.body,
        });
        sent += 1;
        tally(options.codes, response.body);
        const problem = answerProblem({ status: response.statusCode, body: response.body });
        if (problem) throw new Error(`${call.path} as ${who}: ${problem}`);
      },
    ),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  return sent;
}

/** Bodies that are not a well-formed envelope, or a well-formed envelope of something wrong. */
function hostileEnvelopeRequests(
  client: TestClient,
): fc.Arbitrary<{ body: string | Buffer; contentType: string }> {
  const form = (data: string) => ({ body: `data=${data}`, contentType: 'application/x-www-form-urlencoded' });
  const validSeal = client.envelope.seal(client.mergedFields());
  return fc.oneof(
    fc.string({ maxLength: 200 }).map(form),
    fc.stringMatching(/^[0-9a-f]{0,200}$/).map(form),
    fc
      .tuple(fc.nat({ max: validSeal.length - 1 }), fc.constantFrom(...'0123456789abcdefXZ'))
      .map(([at, digit]) => form(validSeal.slice(0, at) + digit + validSeal.slice(at + 1))),
    fc.nat({ max: validSeal.length }).map((cut) => form(validSeal.slice(0, cut))),
    fc
      .constantFrom('not json', '"a string"', '[1,2,3]', 'null', '{"user_token":', '\u0000')
      .map((text) => form(client.envelope.sealText(text))),
    fc.constant({
      body: `data=${validSeal}&data=${validSeal}`,
      contentType: 'application/x-www-form-urlencoded',
    }),
    fc.constant({ body: JSON.stringify({ data: validSeal }), contentType: 'application/json' }),
    fc.constant({ body: `data=${validSeal}`, contentType: 'text/plain' }),
    fc.constant({ body: '', contentType: 'application/x-www-form-urlencoded' }),
    fc.constant({ body: `data=${'a'.repeat(1 << 20)}`, contentType: 'application/x-www-form-urlencoded' }),
    fc.constant({ body: 'data=%E0%A4%A', contentType: 'application/x-www-form-urlencoded' }),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => ({
      body: Buffer.from(bytes),
      contentType: 'multipart/form-data; boundary=x',
    })),
  );
}

/** The envelope property: hostile bodies on random calls. */
export async function fuzzEnvelope(
  ctx: TestApp,
  target: FuzzTarget,
  options: { runs: number; seed?: number; codes?: CodeTally },
): Promise<number> {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ALL_CALLS.map((call) => call.path)),
      hostileEnvelopeRequests(target.client),
      async (path, request) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': request.contentType },
          body: request.body,
        });
        sent += 1;
        tally(options.codes, response.body);
        const problem = answerProblem({ status: response.statusCode, body: response.body });
        if (problem) throw new Error(`${path}: ${problem}`);
      },
    ),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  return sent;
}
