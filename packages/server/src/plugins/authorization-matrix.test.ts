/**
 * The authorization matrix: generated from ALL_CALLS, so a new call is covered (or, for ids, must
 * be classified) without anyone remembering to add it here.
 *
 * - Every call with auth 'session' or 'user' answers HTTP 401 without session fields, with an
 *   unknown token, a revoked token (after /v3/user/logout), another user's token used with a
 *   user_id that is not its own, and the token of a deleted account; nothing is written.
 * - Every call with auth 'user' answers LOGIN_REQUIRED (1006) to a valid guest session; nothing
 *   is written (a row count of every table before and after).
 * - Every call with auth 'none' answers without a session.
 * - Every request field that names an id (`id`, `ids`, `*_id`, `*uid`, `order_no`) is either in
 *   OWNED_IDS (tested below: Alice's row, Bob's call, no change) or in PUBLIC_IDS with a reason.
 * - The registered /v3 routes and ALL_CALLS are the same list.
 *
 * Payloads (testing/call-payloads.ts): the envelope (plugins/envelope.ts) validates the payload against the call's schema
 * BEFORE it resolves the session, so an empty payload would be refused with PARAMS_INVALID, not by
 * the auth check. Each call therefore gets a minimal valid payload generated from its request
 * schema (via its JSON Schema: required fields only, numbers as 1 or their minimum, strings of
 * their minimum length, enums' first value, arrays of their minimum length), with FIELD_SAMPLES for
 * fields whose refinements JSON Schema cannot show and CALL_PAYLOADS for whole-call exceptions.
 * A test fails when a generated payload does not satisfy its schema.
 *
 * Upload calls (registered with `upload`) are found by probing every call with a multipart body:
 * the others refuse multipart with ENVELOPE_MISSING before anything else; upload calls get every
 * check sent as multipart with a file.
 */
import { randomBytes } from 'node:crypto';
import { ALL_CALLS, ApiCode, type CallDefinition } from '@dm51/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../db/schema.js';
import { payloadOf, requestJsonSchema, type JsonSchema } from '../testing/call-payloads.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import { registeredUser } from '../testing/money-factory.js';
import { coinPackage, newKey } from '../testing/payments.js';
import { clearRateLimits } from '../testing/rate-limits.js';
import { registeredRoutes as routesOf } from '../testing/route-table.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { createTestClient, newDeviceId, type CallResult, type TestSession } from '../testing/test-client.js';

/** Dotted names of the request fields that hold ids (`events[].id` for fields of array items). */
const ID_FIELD = /(^|_)(id|ids|uid)$|^order_no$/;
function idFields(schema: JsonSchema, prefix = ''): string[] {
  const fields: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    if (ID_FIELD.test(name)) fields.push(path);
    fields.push(...idFields(property, `${path}.`));
    if (property.items) fields.push(...idFields(property.items, `${path}[].`));
  }
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    fields.push(...idFields(alternative, prefix));
  }
  return [...new Set(fields)];
}

// ---------------------------------------------------------------------------------------------
// Ids: every id-like request field is classified here.

/** Ids anyone may name: the row is public (or the id is checked against a credential). */
const CATALOGUE = 'catalogue: a published work, chapter, author, category or tag';
const PUBLIC_COMMENT = 'a visible comment (public), scoped to the session for its own effect';
const PUBLIC_USER = 'a user id on public comments; blocks are stored per session';
const PUBLIC_IDS: Record<string, string> = {
  '/v3/comic/author id': CATALOGUE,
  '/v3/comic/details id': CATALOGUE,
  '/v3/reco/also_read id': `${CATALOGUE}; the lists are aggregates over all readers, no reader's own`,
  '/v3/reco/hide id': `${CATALOGUE}; hidden from the session's own recommendations`,
  '/v3/comic/chapters id': CATALOGUE,
  '/v3/comic/read chapter_id': `${CATALOGUE}; unlocks are checked for the session`,
  '/v3/book/details id': CATALOGUE,
  '/v3/book/chapters id': CATALOGUE,
  '/v3/book/read chapter_id': `${CATALOGUE}; unlocks are checked for the session`,
  '/v3/category/works category_id': CATALOGUE,
  '/v3/category/works tag_id': CATALOGUE,
  '/v3/ad/updateHits id': 'an ad (public)',
  '/v3/ad/impressions ids': 'ads (public); counted in the console statistics only',
  '/v3/cases/add/comic id': `${CATALOGUE}; added to the session's shelf`,
  '/v3/book_cases/add id': `${CATALOGUE}; added to the session's shelf`,
  '/v3/read/add id': `${CATALOGUE}; the session's history`,
  '/v3/read/add chapter_id': CATALOGUE,
  '/v3/book_read/add id': `${CATALOGUE}; the session's history`,
  '/v3/book_read/add chapter_id': CATALOGUE,
  '/v3/follow/add id': `${CATALOGUE}; the session's follows`,
  '/v3/anime/details id': CATALOGUE,
  '/v3/anime/favorite_add id': `${CATALOGUE}; the session's favourites`,
  '/v3/anime/play chapter_id': `${CATALOGUE}; unlocks are checked for the session`,
  '/v3/anime/progress chapter_id': `${CATALOGUE}; the session's progress`,
  '/v3/anime/buy chapter_id': `${CATALOGUE}; bought for the session`,
  '/v3/comic/buy chapter_id': `${CATALOGUE}; bought for the session`,
  '/v3/book/buy chapter_id': `${CATALOGUE}; bought for the session`,
  '/v3/book_buy/quote chapter_id': CATALOGUE,
  '/v3/book_buy/auto work_id': `${CATALOGUE}; the session's auto-unlock setting`,
  '/v3/pay/init product_id': 'a VIP plan or coin package on sale (public)',
  '/v3/comment/add work_id': CATALOGUE,
  '/v3/comment/add to_father_id': PUBLIC_COMMENT,
  '/v3/comment/add to_child_id': PUBLIC_COMMENT,
  '/v3/comment/add to_user_id': PUBLIC_USER,
  '/v3/comment/list work_id': CATALOGUE,
  '/v3/comment/children id': PUBLIC_COMMENT,
  '/v3/comment/report id': PUBLIC_COMMENT,
  '/v3/comment/zan id': PUBLIC_COMMENT,
  '/v3/comment/block uid': PUBLIC_USER,
  '/v3/comment/unblock uid': PUBLIC_USER,
  '/v3/login/reg guest_uid': 'must match guest_token (the guest proves it owns the id)',
  '/v3/analytics/track events[].id': 'an event name, not a row',
  '/v3/task/read_time chapter_id': `${CATALOGUE}; counts only if the session opened it through a reader call`,
  '/v3/task/share work_id': `${CATALOGUE}; the session's share event`,
  '/v3/ai/cos_create work_id': `${CATALOGUE}; its cover is the source picture`,
  '/v3/ai/characters work_id': `${CATALOGUE}; grounded in the session's own reading place`,
  '/v3/ai/chat_send work_id': `${CATALOGUE}; the session's own conversation`,
  '/v3/ai/chat_history work_id': `${CATALOGUE}; the session's own conversation`,
  '/v3/ai/chat_clear work_id': `${CATALOGUE}; the session's own conversation`,
  '/v3/ai/recap chapter_id': `${CATALOGUE}; the same cached recap for every reader`,
  '/v3/ai/summary chapter_id': `${CATALOGUE}; the same cached summary for every reader`,
  '/v3/ai/who chapter_id': `${CATALOGUE}; the same cached answer for every reader`,
  '/v3/ai/who_names chapter_id': `${CATALOGUE}; names from the chapters up to this one`,
};

interface Ownership {
  field: string;
  /** Alice's row; `payload` names it, `state` reads what Bob's call must not change. */
  setup(): Promise<{ payload: Record<string, unknown>; state(): Promise<unknown> }>;
  /** What Bob gets: the not-found code, or OK for batch deletes that ignore ids not his. */
  answer: number;
}

// ---------------------------------------------------------------------------------------------
// The app, its sessions and helpers

let ctx: TestApp;
let client: ReturnType<typeof createTestClient>;
let guest: TestSession;
let alice: TestSession;
let bob: TestSession;
/** Whose token is sent with Bob's user_id (a user of its own, so a hole cannot spoil Alice). */
let mallory: TestSession;
let revoked: TestSession;
let deleted: TestSession;
let comic: WorkRow;
let comicChapter: number;
let novel: WorkRow;
let anime: WorkRow;
let registeredRoutes: string[];
const acceptsUpload = new Map<string, boolean>();
let tables: string[];

/** A tiny PNG; only the refusals are tested, so its content does not matter. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipartBody(sealed: string) {
  const boundary = `----matrix${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${sealed}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface SendOptions {
  session?: TestSession;
  merged?: Record<string, unknown>;
  multipart?: boolean;
}

/** Sends a call as the web app would: merged fields unless the call does not merge them. */
async function send(call: CallDefinition, options: SendOptions = {}): Promise<CallResult> {
  const payload = payloadOf(call);
  const body: Record<string, unknown> = call.mergesSessionFields
    ? { ...client.mergedFields(options.session), ...options.merged, ...payload }
    : { ...payload };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  const sealed = client.envelope.seal(body);
  const multipart = options.multipart ?? acceptsUpload.get(call.path) ?? false;
  if (!multipart) return client.post(call.path, `data=${sealed}`);
  const { body: raw, contentType } = multipartBody(sealed);
  const response = await ctx.app.inject({
    method: 'POST',
    url: call.path,
    headers: { 'content-type': contentType },
    body: raw,
  });
  const json = response.json<{ code: number; msg: string; data: unknown }>();
  const data = typeof json.data === 'string' ? client.envelope.open(json.data) : null;
  return { status: response.statusCode, code: json.code, msg: json.msg, data };
}

/** Row counts of every table of this app's database, in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts = tables.map(
    (table) => sql<{ t: string; n: number }>`select ${table} as t, count(*) as n from ${sql.table(table)}`,
  );
  const { rows } = await sql<{
    t: string;
    n: number | string;
  }>`${sql.join(counts, sql` union all `)}`.execute(ctx.db);
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

/** The /v3 routes the app registered. */
function v3Routes(): string[] {
  return routesOf(ctx.app, 'POST').filter((path) => path.startsWith('/v3/'));
}

const expectOk = (result: CallResult, what: string) => expect(result.code, `${what}: ${result.msg}`).toBe(1);

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  const introspected = await ctx.db.introspection.getTables();
  if (testDatabaseUrl()) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db);
    tables = introspected.filter((t) => t.schema === rows[0]!.schema).map((t) => t.name);
  } else {
    tables = introspected.map((t) => t.name);
  }

  guest = await client.initGuest();
  alice = await registeredUser(ctx.db, client);
  bob = await registeredUser(ctx.db, client);
  mallory = await registeredUser(ctx.db, client);
  revoked = await client.initGuest();
  expectOk(await client.call('/v3/user/logout', {}, { session: revoked }), 'logout');
  deleted = await registeredUser(ctx.db, client);
  await ctx.db
    .updateTable('users')
    .set({ deleted_time: Math.floor(Date.now() / 1000) })
    .where('id', '=', deleted.userId)
    .execute();

  comic = await buildWork(ctx.db, null, { title: 'Matrix comic' });
  comicChapter = (await buildChapter(ctx.db, { workId: comic.id })).id;
  novel = await buildWork(ctx.db, null, { type: 1, title: 'Matrix novel' });
  await buildChapter(ctx.db, { workId: novel.id });
  anime = await buildWork(ctx.db, null, { type: 2, title: 'Matrix anime' });
  await buildChapter(ctx.db, { workId: anime.id });

  registeredRoutes = v3Routes();
  // Calls registered without `upload` refuse multipart with ENVELOPE_MISSING before anything else.
  for (const call of ALL_CALLS) {
    const probe = await send(call, { multipart: true });
    acceptsUpload.set(call.path, probe.code !== ApiCode.ENVELOPE_MISSING);
  }
});
afterAll(async () => ctx?.close());

// ---------------------------------------------------------------------------------------------

describe('the call list', () => {
  it('ALL_CALLS and the registered /v3 routes are the same calls', () => {
    for (const route of registeredRoutes) expect(ctx.app.hasRoute({ method: 'POST', url: route })).toBe(true);
    expect([...registeredRoutes].sort()).toEqual(ALL_CALLS.map((call) => call.path).sort());
    // The row-count snapshot sees the whole database.
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'ledger_entries', 'payment_orders']));
  });

  it.each(ALL_CALLS.map((call) => [call.path, call] as const))(
    '%s: the generated payload satisfies the request schema',
    (_path, call) => {
      const parsed = call.request.safeParse(payloadOf(call));
      expect(parsed.error?.issues ?? [], 'add a FIELD_SAMPLES or CALL_PAYLOADS entry').toEqual([]);
    },
  );

  it('finds the upload calls by probing', () => {
    expect([...acceptsUpload].filter(([, accepts]) => accepts).map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/v3/user/uppic',
        '/v3/comment/upload',
        '/v3/app/feedback_upload',
        '/v3/login/identity_login',
      ]),
    );
  });
});

const sessionCalls = ALL_CALLS.filter((call) => call.auth !== 'none').map(
  (call) => [call.path, call] as const,
);
const userCalls = ALL_CALLS.filter((call) => call.auth === 'user').map((call) => [call.path, call] as const);
const openCalls = ALL_CALLS.filter((call) => call.auth === 'none').map((call) => [call.path, call] as const);

describe('calls that need a session', () => {
  it.each(sessionCalls)(
    '%s: 401 without session fields, or with an unknown, revoked, mismatched or deleted token',
    async (_path, call) => {
      const before = await rowCounts();
      const attempts: Record<string, SendOptions> = {
        'no session fields': { merged: { user_token: undefined, user_id: undefined } },
        'empty token': { merged: { user_token: '', user_id: mallory.userId } },
        'unknown token': { session: { ...mallory, token: randomBytes(24).toString('hex') } },
        'revoked token': { session: revoked },
        "another user's id": { session: { ...mallory, userId: bob.userId } },
        'deleted account': { session: deleted },
      };
      for (const [what, options] of Object.entries(attempts)) {
        const answer = await send(call, options);
        expect({ what, status: answer.status, code: answer.code, data: answer.data }).toEqual({
          what,
          status: 401,
          code: ApiCode.SESSION_INVALID,
          data: null,
        });
      }
      expect(await rowCounts()).toEqual(before);
    },
  );
});

describe('calls that need a registered account', () => {
  it.each(userCalls)('%s: a guest gets LOGIN_REQUIRED and nothing is written', async (_path, call) => {
    const before = await rowCounts();
    const answer = await send(call, { session: guest });
    expect({ status: answer.status, code: answer.code, data: answer.data }).toEqual({
      status: 200,
      code: ApiCode.LOGIN_REQUIRED,
      data: null,
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('calls that need no session', () => {
  it.each(openCalls)('%s: answers without a session', async (_path, call) => {
    const answer = await send(call, { merged: { deviceid: newDeviceId() } });
    expect(answer.status, answer.msg).not.toBe(401);
    expect(answer.status, answer.msg).toBeLessThan(500);
    expect([ApiCode.SESSION_INVALID, ApiCode.LOGIN_REQUIRED]).not.toContain(answer.code);
  });
});

// ---------------------------------------------------------------------------------------------
// Ids of rows a user owns: Alice's row, Bob's call, nothing changes.

const favoritesOf = (userId: number) => () =>
  ctx.db.selectFrom('favorites').selectAll().where('user_id', '=', userId).orderBy('work_id').execute();

async function aliceOrder(): Promise<string> {
  const pack = await coinPackage(ctx.db, 300);
  const init = await client.call<{ order: { order_no: string } }>(
    '/v3/pay/init',
    { product_type: 'coins', product_id: pack.id, method: 'cashier', idempotency_key: newKey('matrix') },
    { session: alice },
  );
  expectOk(init, 'pay/init');
  return init.data!.order.order_no;
}

const orderState = (orderNo: string) => async () => ({
  order: await ctx.db.selectFrom('payment_orders').selectAll().where('order_no', '=', orderNo).execute(),
  ledger: await rowCounts().then((counts) => [counts['ledger_entries'], counts['ledger_legs']]),
});

async function aliceComment(): Promise<number> {
  await clearRateLimits(ctx.app);
  const added = await client.call<{ comment: { id: number } }>(
    '/v3/comment/add',
    { work_id: comic.id, content: `matrix ${newKey()}` },
    { session: alice },
  );
  expectOk(added, 'comment/add');
  return added.data!.comment.id;
}

/** A finished AI cos job of Alice's. */
async function aliceAiJob(): Promise<{ payload: Record<string, unknown>; state(): Promise<unknown> }> {
  const row = await ctx.db
    .insertInto('ai_jobs')
    .values({
      user_id: alice.userId,
      style: 'anime',
      source: 'upload',
      status: 'done',
      charge: JSON.stringify({ paidWith: 'free', credits: 0, day: 0, key: `matrix:${newKey()}` }),
      created_time: 1,
      updated_time: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    payload: { id: row.id },
    state: () => ctx.db.selectFrom('ai_jobs').selectAll().where('id', '=', row.id).execute(),
  };
}

const OWNED_IDS: Record<string, Ownership> = {
  '/v3/opds/token_revoke': {
    field: 'id',
    answer: ApiCode.APP_TOKEN_NOT_FOUND,
    async setup() {
      const created = await client.call<{ token: { id: number } }>(
        '/v3/opds/token_create',
        { name: `matrix ${newKey()}` },
        { session: alice },
      );
      expectOk(created, 'opds/token_create');
      const id = created.data!.token.id;
      return {
        payload: { id },
        state: () => ctx.db.selectFrom('app_tokens').selectAll().where('id', '=', id).execute(),
      };
    },
  },
  '/v3/ai/job': { field: 'id', answer: ApiCode.AI_JOB_NOT_FOUND, setup: aliceAiJob },
  '/v3/ai/gallery_del': { field: 'id', answer: ApiCode.AI_JOB_NOT_FOUND, setup: aliceAiJob },
  '/v3/comment/del': {
    field: 'id',
    answer: ApiCode.CONTENT_NOT_FOUND,
    async setup() {
      const id = await aliceComment();
      return {
        payload: { id },
        state: () => ctx.db.selectFrom('comments').selectAll().where('id', '=', id).execute(),
      };
    },
  },
  '/v3/message/pos': {
    field: 'id',
    answer: ApiCode.CONTENT_NOT_FOUND,
    async setup() {
      const father = await aliceComment();
      // Bob's reply gives Alice a reply message.
      expectOk(
        await client.call(
          '/v3/comment/add',
          { work_id: comic.id, to_father_id: father, content: 'a reply' },
          { session: bob },
        ),
        'reply',
      );
      const message = await ctx.db
        .selectFrom('messages')
        .selectAll()
        .where('user_id', '=', alice.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return {
        payload: { id: message.id },
        state: async () => ({
          message: await ctx.db.selectFrom('messages').selectAll().where('id', '=', message.id).execute(),
          reads: await ctx.db
            .selectFrom('message_reads')
            .selectAll()
            .where('message_id', '=', message.id)
            .execute(),
        }),
      };
    },
  },
  '/v3/cases/del': {
    field: 'ids',
    answer: ApiCode.OK, // ids not on Bob's shelf are ignored
    async setup() {
      expectOk(await client.call('/v3/cases/add/comic', { id: comic.id }, { session: alice }), 'cases/add');
      return { payload: { ids: [comic.id] }, state: favoritesOf(alice.userId) };
    },
  },
  '/v3/book_cases/del': {
    field: 'ids',
    answer: ApiCode.OK,
    async setup() {
      expectOk(
        await client.call('/v3/book_cases/add', { id: novel.id }, { session: alice }),
        'book_cases/add',
      );
      return { payload: { ids: [novel.id] }, state: favoritesOf(alice.userId) };
    },
  },
  '/v3/anime/favorite_del': {
    field: 'ids',
    answer: ApiCode.OK,
    async setup() {
      expectOk(
        await client.call('/v3/anime/favorite_add', { id: anime.id }, { session: alice }),
        'anime/favorite_add',
      );
      return { payload: { ids: [anime.id] }, state: favoritesOf(alice.userId) };
    },
  },
  '/v3/read/del': {
    field: 'ids',
    answer: ApiCode.OK,
    async setup() {
      expectOk(
        await client.call('/v3/read/add', { id: comic.id, chapter_id: comicChapter }, { session: alice }),
        'read/add',
      );
      return {
        payload: { ids: [comic.id] },
        state: () =>
          ctx.db.selectFrom('reading_history').selectAll().where('user_id', '=', alice.userId).execute(),
      };
    },
  },
  '/v3/follow/del': {
    field: 'ids',
    answer: ApiCode.OK,
    async setup() {
      expectOk(await client.call('/v3/follow/add', { id: comic.id }, { session: alice }), 'follow/add');
      return {
        payload: { ids: [comic.id] },
        state: () => ctx.db.selectFrom('follows').selectAll().where('user_id', '=', alice.userId).execute(),
      };
    },
  },
  '/v3/reco/unhide': {
    field: 'id',
    answer: ApiCode.OK, // idempotent: only the caller's own hidden row is ever removed
    async setup() {
      expectOk(await client.call('/v3/reco/hide', { id: comic.id }, { session: alice }), 'reco/hide');
      return {
        payload: { id: comic.id },
        state: () =>
          ctx.db.selectFrom('reco_hidden').selectAll().where('user_id', '=', alice.userId).execute(),
      };
    },
  },
  '/v3/pay/save': {
    field: 'order_no',
    answer: ApiCode.ORDER_NOT_FOUND,
    async setup() {
      const orderNo = await aliceOrder();
      return { payload: { order_no: orderNo }, state: orderState(orderNo) };
    },
  },
  '/v3/pay/cancel': {
    field: 'order_no',
    answer: ApiCode.ORDER_NOT_FOUND,
    async setup() {
      const orderNo = await aliceOrder();
      return { payload: { order_no: orderNo }, state: orderState(orderNo) };
    },
  },
};

describe('ids of rows a user owns', () => {
  it('every id-like request field is classified as owned or public', () => {
    const unclassified: string[] = [];
    const seen = new Set<string>();
    for (const call of ALL_CALLS) {
      for (const field of idFields(requestJsonSchema(call))) {
        const key = `${call.path} ${field}`;
        seen.add(key);
        if (OWNED_IDS[call.path]?.field !== field && !(key in PUBLIC_IDS)) unclassified.push(key);
      }
    }
    expect(unclassified, 'add each to OWNED_IDS (with a test) or PUBLIC_IDS (with a reason)').toEqual([]);
    const stale = [
      ...Object.keys(PUBLIC_IDS),
      ...Object.entries(OWNED_IDS).map(([path, owned]) => `${path} ${owned.field}`),
    ].filter((key) => !seen.has(key));
    expect(stale, 'entries for fields that no longer exist').toEqual([]);
  });

  it.each(Object.entries(OWNED_IDS))(
    "%s: Bob naming Alice's row gets the not-found answer and changes nothing",
    async (path, owned) => {
      const call = ALL_CALLS.find((c) => c.path === path);
      expect(call, `${path} is not in ALL_CALLS`).toBeDefined();
      const { payload, state } = await owned.setup();
      const before = await state();
      const answer = await client.call(path, payload, { session: bob });
      expect(answer.code, answer.msg).toBe(owned.answer);
      expect(await state()).toEqual(before);
    },
  );
});

/**
 * Lists of a user's own rows: after the tests above Alice has a row in each (and feedback, added
 * here); Bob, who has none, must see an empty list.
 */
const OWN_LISTS: Record<string, Record<string, unknown>> = {
  '/v3/feedback/list': {},
  '/v3/pay/orders': {},
  '/v3/message/read': { type: 2 },
  '/v3/cases/index': {},
  '/v3/book_cases/index': {},
  '/v3/anime/favorites': {},
  '/v3/read/index': {},
  '/v3/follow/index': {},
  '/v3/invite/user': {},
};

describe("lists of a user's own rows", () => {
  beforeAll(async () => {
    const feedback = ALL_CALLS.find((call) => call.path === '/v3/feedback/add')!;
    const payload = { ...payloadOf(feedback), content: 'the matrix sees this' }; // at least 5 characters
    expectOk(await client.call(feedback.path, payload, { session: alice }), 'feedback/add');
    // The invite log: a new account entered Alice's invite code.
    const friend = await registeredUser(ctx.db, client);
    const { invite_code } = await ctx.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    expectOk(await client.call('/v3/invite/bind', { code: invite_code }, { session: friend }), 'invite/bind');
  });

  it.each(Object.entries(OWN_LISTS))("%s: Bob does not see Alice's rows", async (path, payload) => {
    const mine = await client.call<{ list: unknown[]; total: number }>(path, payload, { session: alice });
    expectOk(mine, path);
    expect(mine.data!.total).toBeGreaterThan(0);
    const theirs = await client.call<{ list: unknown[]; total: number }>(path, payload, { session: bob });
    expectOk(theirs, path);
    expect(theirs.data).toEqual({ list: [], total: 0 });
  });
});
