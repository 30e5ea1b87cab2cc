import { randomBytes } from 'node:crypto';
import { ApiCode, createEnvelope, defineCall } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient } from '../testing/test-client.js';
import { envelopePlugin, registerCall } from './envelope.js';

let ctx: TestApp;
let client: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
});
afterAll(async () => ctx.close());

describe('a well-formed call', () => {
  it('answers HTTP 200 with code 1, msg ok and a sealed data string', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v3/app/start',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `data=${client.envelope.seal(client.mergedFields())}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ code: number; msg: string; data: string }>();
    expect(body).toMatchObject({ code: 1, msg: 'ok' });
    expect(body.data).toMatch(/^[0-9a-f]+$/);
    expect(client.envelope.openObject(body.data)).toHaveProperty('app_start_countdown');
  });

  it('accepts an uppercase hex body and a charset in the content type', async () => {
    const wire = client.envelope.seal(client.mergedFields()).toUpperCase();
    const result = await client.post(
      '/v3/app/start',
      `data=${wire}`,
      'application/x-www-form-urlencoded; charset=UTF-8',
    );
    expect(result.code).toBe(1);
  });
});

describe('a form body the way any form encoder may write it', () => {
  it('is read whole: other fields around data, escaped hex, and + for spaces in other fields', async () => {
    const wire = client.envelope.seal(client.mergedFields());
    const escaped = [...wire].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    for (const body of [`lang=en+US&data=${wire}&v=2`, `data=${escaped}`, `data=${wire}&data2=x`]) {
      const result = await client.post('/v3/app/start', body);
      expect(result.code, body.slice(0, 40)).toBe(1);
    }
  });

  it('refuses a data field whose hex is damaged, whichever way the body is read', async () => {
    const wire = client.envelope.seal(client.mergedFields());
    const damaged = `${wire.slice(0, 40)}zz${wire.slice(42)}`;
    for (const body of [`data=${damaged}`, `data=${damaged}&v=2`]) {
      const result = await client.post('/v3/app/start', body);
      expect(result).toMatchObject({ status: 200, code: ApiCode.ENVELOPE_MALFORMED, data: null });
    }
  });
});

describe('the envelope refuses', () => {
  it('a request with no body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/v3/app/start' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ApiCode.ENVELOPE_MISSING, data: null });
  });

  it('a form without the data field', async () => {
    const result = await client.post('/v3/app/start', 'other=1');
    expect(result).toMatchObject({ status: 200, code: ApiCode.ENVELOPE_MISSING, data: null });
    expect(result.msg).toContain('data');
  });

  it('a JSON body, even one with a data field', async () => {
    const body = JSON.stringify({ data: client.envelope.seal(client.mergedFields()) });
    const result = await client.post('/v3/app/start', body, 'application/json');
    expect(result).toMatchObject({ status: 200, code: ApiCode.ENVELOPE_MISSING });
  });

  it('a body over the size limit, with HTTP 413 and no internals', async () => {
    const result = await client.post('/v3/app/start', `data=${'ab'.repeat(600_000)}`);
    expect(result).toMatchObject({ status: 413, code: 413, msg: 'Request body too large', data: null });
  });

  it('a text/plain body', async () => {
    const result = await client.post('/v3/app/start', 'data=abc', 'text/plain');
    expect(result.code).toBe(ApiCode.ENVELOPE_MISSING);
  });

  it.each([
    ['not hex', 'zz'.repeat(40), /not a hex/],
    ['odd-length hex', 'a'.repeat(65), /not a hex/],
    ['too short', 'ab'.repeat(16), /impossible length/],
    ['not a multiple of 32 characters', 'ab'.repeat(40), /impossible length/],
  ])('data that is %s, with a message naming the failure', async (_label, wire, message) => {
    const result = await client.post('/v3/app/start', `data=${wire}`);
    expect(result).toMatchObject({ status: 200, code: ApiCode.ENVELOPE_MALFORMED, data: null });
    expect(result.msg).toMatch(message);
  });

  it('data sealed under another key (bad padding, or garbage that is not JSON)', async () => {
    const other = createEnvelope(randomBytes(32).toString('hex'), nodeCfbCipher);
    // A wrong key yields bad padding most of the time; try a few seals so the test is not flaky.
    const messages = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const result = await client.post('/v3/app/start', `data=${other.seal(client.mergedFields())}`);
      expect(result.code).toBe(ApiCode.ENVELOPE_MALFORMED);
      messages.add(result.msg);
    }
    expect([...messages].some((msg) => /bad padding/.test(msg))).toBe(true);
  });

  it('sealed text that is not JSON', async () => {
    const result = await client.post('/v3/app/start', `data=${client.envelope.sealText('hello, not json')}`);
    expect(result).toMatchObject({
      code: ApiCode.ENVELOPE_MALFORMED,
      msg: expect.stringMatching(/not JSON/),
    });
  });

  it.each([[[1, 2]], ['text'], [42], [null]])('sealed JSON that is not an object: %j', async (value) => {
    const result = await client.post('/v3/app/start', `data=${client.envelope.seal(value)}`);
    expect(result).toMatchObject({
      code: ApiCode.ENVELOPE_MALFORMED,
      msg: expect.stringMatching(/not a JSON object/),
    });
  });

  it('a wrong apikey, and a missing one', async () => {
    const wrong = await client.call('/v3/app/start', {}, { merged: { apikey: 'not-the-key' } });
    expect(wrong).toMatchObject({ status: 200, code: ApiCode.APIKEY_INVALID, data: null });
    const missing = await client.call('/v3/app/start', {}, { merged: { apikey: undefined } });
    expect(missing.code).toBe(ApiCode.APIKEY_INVALID);
  });

  it('a timestamp older than the window', async () => {
    const stale = Date.now() - (ctx.config.timestampWindowS + 5) * 1000;
    const result = await client.call('/v3/app/start', {}, { merged: { timestamp: stale } });
    expect(result).toMatchObject({ status: 200, code: ApiCode.TIMESTAMP_STALE, data: null });
    expect(result.msg).toContain(`${ctx.config.timestampWindowS} s`);
  });

  it('a timestamp further in the future than the window', async () => {
    const future = Date.now() + (ctx.config.timestampWindowS + 5) * 1000;
    const result = await client.call('/v3/app/start', {}, { merged: { timestamp: future } });
    expect(result.code).toBe(ApiCode.TIMESTAMP_STALE);
  });

  it('but accepts a timestamp inside the window (client clock a little off)', async () => {
    const skewed = Date.now() - (ctx.config.timestampWindowS - 30) * 1000;
    const result = await client.call('/v3/app/start', {}, { merged: { timestamp: skewed } });
    expect(result.code).toBe(1);
  });

  it('a missing timestamp, naming the field', async () => {
    const result = await client.call('/v3/app/start', {}, { merged: { timestamp: undefined } });
    expect(result).toMatchObject({
      code: ApiCode.PARAMS_INVALID,
      msg: expect.stringContaining('"timestamp"'),
    });
  });

  it('invalid call parameters, naming the field', async () => {
    const empty = await client.call('/v3/app/init', { deviceid: '   ' });
    expect(empty).toMatchObject({ status: 200, code: ApiCode.PARAMS_INVALID, data: null });
    expect(empty.msg).toContain('"deviceid"');
    const wrongType = await client.call('/v3/app/init', { deviceid: 12345 });
    expect(wrongType).toMatchObject({
      code: ApiCode.PARAMS_INVALID,
      msg: expect.stringContaining('"deviceid"'),
    });
  });

  it('a merged field of the wrong type, naming it', async () => {
    const result = await client.call('/v3/app/start', {}, { merged: { user_id: 'abc' } });
    expect(result).toMatchObject({ code: ApiCode.PARAMS_INVALID, msg: expect.stringContaining('"user_id"') });
  });
});

describe('unknown calls', () => {
  it('answer UNKNOWN_CALL with no data for any /v3 path that does not exist', async () => {
    const result = await client.call('/v3/app/does_not_exist');
    expect(result).toMatchObject({ status: 200, code: ApiCode.UNKNOWN_CALL, data: null });
    expect(result.msg).toContain('/v3/app/does_not_exist');
    const get = await ctx.app.inject({ method: 'GET', url: '/v3/app/init' });
    expect(get.json()).toMatchObject({ code: ApiCode.UNKNOWN_CALL });
  });

  it('answer a plain 404 outside /v3', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/nowhere' });
    expect(response.statusCode).toBe(404);
  });
});

describe('unexpected failures', () => {
  it('are answered as code 500 with a generic message that leaks nothing, and the app keeps serving', async () => {
    const broken = await buildTestApp();
    try {
      const brokenClient = createTestClient(broken);
      await sql`drop table guest_devices`.execute(broken.db);
      const response = await broken.app.inject({
        method: 'POST',
        url: '/v3/app/init',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `data=${brokenClient.envelope.seal({ ...brokenClient.mergedFields(), deviceid: 'd1' })}`,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: ApiCode.INTERNAL,
        msg: 'Server error, please try again later',
        data: null,
      });
      expect(response.body).not.toMatch(/guest_devices|sql|table|stack/i);
      expect((await brokenClient.call('/v3/app/start')).code).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('registerCall on a test-only call', () => {
  const userOnlyCall = defineCall({
    path: '/v3/test/user_only',
    summary: 'test',
    tag: 'test',
    auth: 'user',
    request: z.object({}),
    response: z.object({ ok: z.boolean() }),
  });
  const driftingCall = defineCall({
    path: '/v3/test/drift',
    summary: 'test',
    tag: 'test',
    auth: 'none',
    request: z.object({}),
    response: z.object({ n: z.number() }),
  });

  let extra: TestApp;
  let extraClient: TestClient;
  beforeAll(async () => {
    // The real app plus two calls registered through the real envelope plugin.
    extra = await buildTestApp(
      {},
      {
        beforeReady: async (app) => {
          await app.register(envelopePlugin, {
            prefix: '/v3/test',
            routes: [
              async (api) => {
                registerCall(api, userOnlyCall, async () => ({ ok: true }));
                registerCall(api, driftingCall, async () => ({ n: 'not a number' }) as never);
              },
            ],
          });
        },
      },
    );
    extraClient = createTestClient(extra);
  });
  afterAll(async () => extra.close());

  it("refuses a guest on an auth 'user' call with LOGIN_REQUIRED, and lets a registered user in", async () => {
    const guest = await extraClient.initGuest();
    const refused = await extraClient.call('/v3/test/user_only', {}, { session: guest });
    expect(refused).toMatchObject({ status: 200, code: ApiCode.LOGIN_REQUIRED, data: null });
    await extra.db.updateTable('users').set({ is_guest: 0 }).where('id', '=', guest.userId).execute();
    const allowed = await extraClient.call(
      '/v3/test/user_only',
      {},
      { session: { ...guest, isGuest: false } },
    );
    expect(allowed).toMatchObject({ code: 1, data: { ok: true } });
  });

  it("refuses an auth 'user' call without a session with HTTP 401", async () => {
    const result = await extraClient.call('/v3/test/user_only');
    expect(result).toMatchObject({ status: 401, code: ApiCode.SESSION_INVALID });
  });

  it('answers a generic 500 when a handler returns something outside its response schema', async () => {
    const result = await extraClient.call('/v3/test/drift');
    expect(result).toMatchObject({ status: 500, code: ApiCode.INTERNAL, data: null });
    expect(result.msg).not.toContain('number');
  });
});
