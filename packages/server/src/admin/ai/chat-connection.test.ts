/**
 * The console's chat model connection, on SQLite and PostgreSQL: AI settings say whether a model
 * is connected, and "Test connection" really sends a chat request to an OpenAI-compatible server
 * on loopback (the configured one, or one typed in), answering the latency and reply or the
 * server's error; the configured key never goes to a typed server; each test is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, signedIn, type OperatorSession } from '../../testing/admin-harness.js';
import { freeLoopbackPort } from '../../testing/free-port.js';
import { startOpenAiPeer, type OpenAiPeer } from '../../testing/openai-peer.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import type { ChatTestResult } from './chat-connection.js';

const CHAT_KEY = 'sk-chat-connection-secret-1618';

let peer: OpenAiPeer;
let other: OpenAiPeer;
let ctx: TestApp;
let bare: TestApp;
let admin: OperatorSession;
let viewer: OperatorSession;

beforeAll(async () => {
  peer = await startOpenAiPeer();
  other = await startOpenAiPeer();
  ctx = await buildTestApp({
    aiChat: { provider: 'openai', baseUrl: peer.baseUrl, apiKey: CHAT_KEY, model: 'qwen-test', timeoutS: 30 },
  });
  admin = await signedIn(ctx.app, 'admin');
  viewer = await signedIn(ctx.app, 'viewer');
  bare = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
  await bare?.close();
  await peer?.close();
  await other?.close();
});

const test = (app: TestApp, session: OperatorSession, body: Record<string, string> = {}) =>
  adminRequest<{ data: ChatTestResult }>(app.app, 'POST', '/ai/chat-test', { session, body });

describe('console chat model connection', () => {
  it('tests the configured model with a real request, and reports its error text when it fails', async () => {
    const settings = await adminRequest<{ data: { chat: { connected: boolean } } }>(
      ctx.app,
      'GET',
      '/ai/settings',
      {
        session: viewer,
      },
    );
    expect(settings.body.data.chat.connected).toBe(true);

    const ok = await test(ctx, admin);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ ok: true, model: 'qwen-test', reply: peer.reply, error: '' });
    expect(ok.body.data.latencyMs).toBeGreaterThanOrEqual(0);
    expect(peer.requests.at(-1)).toMatchObject({ model: 'qwen-test', stream: false });
    expect(peer.authorization.at(-1)).toBe(`Bearer ${CHAT_KEY}`);

    peer.mode = 'http500';
    try {
      const failed = await test(ctx, admin);
      expect(failed.body.data).toMatchObject({ ok: false, error: 'HTTP 500: model crashed' });
    } finally {
      peer.mode = 'ok';
    }

    const actions = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'ai.chat_test')
      .execute();
    expect(actions).toHaveLength(2);
    // Viewers look; only admins make the server send requests.
    expect((await test(ctx, viewer)).status).toBe(403);
  });

  it('tests a typed endpoint without sending the configured key to it', async () => {
    const typed = await test(ctx, admin, { baseUrl: `${other.baseUrl}/v1/`, model: 'llama3' });
    expect(typed.body.data).toMatchObject({ ok: true, model: 'llama3', reply: other.reply });
    expect(other.authorization.at(-1)).toBe('');
    await test(ctx, admin, { baseUrl: other.baseUrl, model: 'llama3', apiKey: 'sk-typed' });
    expect(other.authorization.at(-1)).toBe('Bearer sk-typed');

    // Nothing listening: the network's own words.
    const closed = await test(ctx, admin, { baseUrl: `http://127.0.0.1:${await freeLoopbackPort()}` });
    expect(closed.body.data.ok).toBe(false);
    expect(closed.body.data.error).toMatch(/ECONNREFUSED/);
  });

  it('on a fresh install says no model is connected, and tests one typed in', async () => {
    const operator = await signedIn(bare.app, 'admin');
    const settings = await adminRequest<{ data: { chat: { connected: boolean } } }>(
      bare.app,
      'GET',
      '/ai/settings',
      {
        session: operator,
      },
    );
    expect(settings.body.data.chat.connected).toBe(false);
    const none = await test(bare, operator);
    expect(none.body.data).toMatchObject({
      ok: false,
      error: expect.stringMatching(/No chat model is configured/),
    });
    const typed = await test(bare, operator, { baseUrl: peer.baseUrl, model: 'qwen-test' });
    expect(typed.body.data.ok).toBe(true);
  });
});
