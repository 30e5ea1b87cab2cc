/**
 * AI in the console, on SQLite and PostgreSQL: keys masked for every role, a price or quota change
 * followed by the app's next call, usage counted from the AI log, and an operator-hidden image
 * gone from its owner's gallery, each change in the audit log.
 */
import { ApiCode, type AiJob } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AI_IMAGE_CONFIG } from '../../ai-images/ai-image-config.js';
import { samplePhoto, uploadCall } from '../../testing/ai-peers.js';
import { adminRequest, signedIn, type OperatorSession } from '../../testing/admin-harness.js';
import type { AiAdminService } from './ai.service.js';
import type { SizesReport } from '../system/system.service.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

const IMAGE_KEY = 'sk-image-provider-secret-3141';
const CHAT_KEY = 'sk-chat-provider-secret-2718';

let ctx: TestApp;
let client: TestClient;
let viewer: OperatorSession;
let moderator: OperatorSession;
let admin: OperatorSession;
let photo: Buffer;
let n = 0;

async function generate(session: TestSession): Promise<AiJob> {
  n += 1;
  const created = await uploadCall<AiJob>(
    ctx,
    client,
    '/v3/ai/cos_create',
    photo,
    { style: 'anime', seed: 3, idempotency_key: `console-ai-${n}-${Date.now()}` },
    session,
  );
  expect(created.code).toBe(1);
  await ctx.app.services.ai.images.runner!.idle();
  return created.data!;
}

async function auditActions(targetType: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_type', '=', targetType)
    .execute();
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  photo = await samplePhoto();
  ctx = await buildTestApp({
    aiImages: {
      ...DEFAULT_AI_IMAGE_CONFIG,
      openai: { baseUrl: 'https://images.example.com', apiKey: IMAGE_KEY, model: 'gpt-image-1' },
    },
    aiChat: {
      provider: 'builtin',
      baseUrl: 'http://127.0.0.1:11434',
      apiKey: CHAT_KEY,
      model: 'qwen2.5:3b',
      timeoutS: 60,
    },
  });
  client = createTestClient(ctx);
  viewer = await signedIn(ctx.app, 'viewer');
  moderator = await signedIn(ctx.app, 'moderator');
  admin = await signedIn(ctx.app, 'admin');
});
afterAll(async () => ctx.close());

describe('console AI', () => {
  it('shows the providers with their keys masked, to every role', async () => {
    for (const session of [viewer, admin]) {
      const res = await adminRequest<{ data: Awaited<ReturnType<AiAdminService['settings']>> }>(
        ctx.app,
        'GET',
        '/ai/settings',
        {
          session,
        },
      );
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(IMAGE_KEY);
      expect(text).not.toContain(CHAT_KEY);
      expect(res.body.data.images.openai.apiKey).toBe('••••41');
      expect(res.body.data.chat).toMatchObject({
        provider: 'builtin',
        model: 'qwen2.5:3b',
        apiKey: '••••18',
      });
      expect(res.body.data.prices).toEqual({ freeDaily: 3, chatCost: 1 });
    }
  });

  it('changes the free tries and the chat price; the app follows at its next call', async () => {
    const guest = await client.initGuest();
    expect((await client.call('/v3/ai/index', {}, { session: guest })).data).toMatchObject({
      free_daily: 3,
      free_left: 3,
    });

    const refused = await adminRequest(ctx.app, 'PUT', '/ai/prices', {
      session: viewer,
      body: { freeDaily: 5 },
    });
    expect(refused.status).toBe(403);
    const bad = await adminRequest(ctx.app, 'PUT', '/ai/prices', { session: admin, body: { freeDaily: -1 } });
    expect(bad.status).toBe(400);
    const empty = await adminRequest(ctx.app, 'PUT', '/ai/prices', { session: admin, body: {} });
    expect(empty.status).toBe(400);
    expect((await client.call('/v3/ai/index', {}, { session: guest })).data).toMatchObject({ free_daily: 3 });

    const changed = await adminRequest<{ data: { freeDaily: number; chatCost: number } }>(
      ctx.app,
      'PUT',
      '/ai/prices',
      { session: admin, body: { freeDaily: 5, chatCost: 4 } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ freeDaily: 5, chatCost: 4 });
    expect((await client.call('/v3/ai/index', {}, { session: guest })).data).toMatchObject({
      free_daily: 5,
      free_left: 5,
    });
    expect((await ctx.app.services.ai.chat.chat.wallet(guest.userId)).cost).toBe(4);

    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('action', '=', 'ai.prices')
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]!.before_json))).toEqual({ freeDaily: 3, chatCost: 1 });
    expect(JSON.parse(String(rows[0]!.after_json))).toEqual({ freeDaily: 5, chatCost: 4 });
  });

  it('hides a generated image: gone from its owner gallery, listed as hidden, audited; shown again', async () => {
    const guest = await client.initGuest();
    const job = await generate(guest);
    const gallery = async () =>
      (
        await client.call<{ list: { id: number }[] }>(
          '/v3/ai/gallery',
          { page: 1, limit: 20 },
          { session: guest },
        )
      ).data!.list.map((item) => item.id);
    expect(await gallery()).toContain(job.id);
    // System → Sizes counts the photo and the result as AI media (this app's first, uncached walk).
    const sizes = await adminRequest<{ data: SizesReport }>(ctx.app, 'GET', '/system/sizes', {
      session: viewer,
    });
    const ai = sizes.body.data.media.find((m) => m.kind === 'ai')!;
    expect(ai.files).toBe(2);
    expect(ai.bytes).toBeGreaterThan(1000);

    const list = await adminRequest<{
      data: { id: number; thumbnail: string; hidden: string }[];
      total: number;
    }>(ctx.app, 'GET', '/ai/results', { session: viewer });
    const row = list.body.data.find((item) => item.id === job.id)!;
    expect(row.hidden).toBe('no');
    expect(row.thumbnail).toMatch(/^data:image\/jpeg;base64,\/9j\//);

    expect(
      (await adminRequest(ctx.app, 'POST', `/ai/results/${job.id}/hide`, { session: moderator })).status,
    ).toBe(403);
    expect((await adminRequest(ctx.app, 'POST', '/ai/results/999999/hide', { session: admin })).status).toBe(
      404,
    );
    const hidden = await adminRequest(ctx.app, 'POST', `/ai/results/${job.id}/hide`, { session: admin });
    expect(hidden.status).toBe(200);
    expect(await gallery()).not.toContain(job.id);
    const opened = await client.call('/v3/ai/job', { id: job.id }, { session: guest });
    expect(opened.code).toBe(ApiCode.AI_JOB_NOT_FOUND);
    const again = await adminRequest(ctx.app, 'POST', `/ai/results/${job.id}/hide`, { session: admin });
    expect(again.status).toBe(400);

    const onlyHidden = await adminRequest<{ data: { id: number; hidden: string }[] }>(
      ctx.app,
      'GET',
      '/ai/results?hidden=1',
      {
        session: viewer,
      },
    );
    expect(onlyHidden.body.data.map((item) => [item.id, item.hidden])).toEqual([[job.id, 'operator']]);

    expect(
      (await adminRequest(ctx.app, 'POST', `/ai/results/${job.id}/unhide`, { session: admin })).status,
    ).toBe(200);
    expect(await gallery()).toContain(job.id);
    expect(await auditActions('ai_result')).toEqual(['ai_result.hide', 'ai_result.unhide']);
  });

  it('counts usage per day from the AI log: generations, failures refunded, top users', async () => {
    const before = await adminRequest<{ data: { totals: { generations: number; failed: number } } }>(
      ctx.app,
      'GET',
      '/ai/usage?days=7',
      { session: viewer },
    );
    const user = await client.initGuest();
    await generate(user);
    await generate(user);
    // A failure: the log line of a third generation is marked failed, as the runner's refund does.
    const job = await generate(user);
    await ctx.db
      .updateTable('ai_log')
      .set({ status: 'failed' })
      .where('ref_id', '=', job.id)
      .where('kind', '=', 'image')
      .execute();
    const after = await adminRequest<{
      data: {
        days: { day: string; image: number; failed: number }[];
        totals: { generations: number; failed: number; refunded: number };
        topUsers: { userId: number; generations: number; failed: number }[];
      };
    }>(ctx.app, 'GET', '/ai/usage?days=7', { session: viewer });
    expect(after.body.data.days).toHaveLength(7);
    expect(after.body.data.totals.generations - before.body.data.totals.generations).toBe(3);
    expect(after.body.data.totals.failed - before.body.data.totals.failed).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.body.data.days.at(-1)!.day).toBe(today);
    expect(after.body.data.days.at(-1)!.image).toBeGreaterThanOrEqual(3);
    expect(after.body.data.topUsers).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: user.userId, generations: 3, failed: 1 })]),
    );
    expect((await adminRequest(ctx.app, 'GET', '/ai/usage?days=0', { session: viewer })).status).toBe(400);
  });
});
