/**
 * Settings that lived only in the database or the docs, now in the console: review-first comments
 * (Community → Moderation queue, moderators), batch-unlock discounts (Money → Products, admins),
 * chat replies at once per user (AI → Settings, admins). Each is refused to the wrong role,
 * validated, audited, and read by the app as stored.
 * Runs on SQLite and PostgreSQL (DATABASE_URL).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { ModerationService } from '../services/moderation.service.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

let ctx: TestApp;
let admin: OperatorSession;
let viewer: OperatorSession;
let moderator: OperatorSession;

const auditRows = (action: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await signedIn(ctx.app, 'admin');
  viewer = await signedIn(ctx.app, 'viewer');
  moderator = await signedIn(ctx.app, 'moderator');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('review-first comments', () => {
  it('is off by default, switched by a moderator (audited), and new comments wait for review', async () => {
    const read = await adminRequest<{ data: { reviewFirst: boolean } }>(ctx.app, 'GET', '/community/review', {
      session: moderator,
    });
    expect(read.body.data.reviewFirst).toBe(false);
    const refused = await adminRequest(ctx.app, 'PUT', '/community/review', {
      session: viewer,
      body: { reviewFirst: true },
    });
    expect(refused.status).toBe(403);
    const bad = await adminRequest(ctx.app, 'PUT', '/community/review', {
      session: moderator,
      body: { reviewFirst: 'yes' },
    });
    expect(bad.status).toBe(400);
    const on = await adminRequest(ctx.app, 'PUT', '/community/review', {
      session: moderator,
      body: { reviewFirst: true },
    });
    expect(on.status).toBe(200);
    // What posting a comment reads: held for review.
    const rules = await new ModerationService(
      new SettingsRepository(ctx.db),
      pino({ level: 'silent' }),
    ).rules();
    expect(rules.publishDirectly).toBe(false);
    const [audit] = await auditRows('moderation.review_first');
    expect([JSON.parse(audit!.before_json), JSON.parse(audit!.after_json)]).toEqual([
      { reviewFirst: false },
      { reviewFirst: true },
    ]);
  });
});

describe('settings that had no console control', () => {
  it('batch-unlock discounts: admin only, validated, audited, read back sorted', async () => {
    const read = await adminRequest<{ data: { count: number }[] }>(ctx.app, 'GET', '/money/batch-discounts', {
      session: viewer,
    });
    expect(read.body.data.map((tier) => tier.count)).toEqual([5, 10, 30]);
    const refused = await adminRequest(ctx.app, 'PUT', '/money/batch-discounts', {
      session: viewer,
      body: { tiers: [] },
    });
    expect(refused.status).toBe(403);
    for (const tiers of [
      [{ count: 1, percent: 5 }],
      [{ count: 5, percent: 95 }],
      [
        { count: 5, percent: 5 },
        { count: 5, percent: 9 },
      ],
    ]) {
      const bad = await adminRequest(ctx.app, 'PUT', '/money/batch-discounts', {
        session: admin,
        body: { tiers },
      });
      expect(bad.status).toBe(400);
    }
    const saved = await adminRequest<{ data: unknown }>(ctx.app, 'PUT', '/money/batch-discounts', {
      session: admin,
      body: {
        tiers: [
          { count: 20, percent: 15 },
          { count: 3, percent: 3 },
        ],
      },
    });
    expect(saved.body.data).toEqual([
      { count: 3, percent: 3 },
      { count: 20, percent: 15 },
    ]);
    const again = await adminRequest<{ data: unknown }>(ctx.app, 'GET', '/money/batch-discounts', {
      session: viewer,
    });
    expect(again.body.data).toEqual(saved.body.data);
    expect(await auditRows('money.batch_discounts')).toHaveLength(1);
  });

  it('chat replies at once per user: admin only, 1 to 20, audited', async () => {
    const read = await adminRequest<{ data: { chatConcurrency: number } }>(
      ctx.app,
      'GET',
      '/ai/chat-concurrency',
      {
        session: viewer,
      },
    );
    expect(read.body.data.chatConcurrency).toBe(2);
    const refused = await adminRequest(ctx.app, 'PUT', '/ai/chat-concurrency', {
      session: viewer,
      body: { chatConcurrency: 3 },
    });
    expect(refused.status).toBe(403);
    const bad = await adminRequest(ctx.app, 'PUT', '/ai/chat-concurrency', {
      session: admin,
      body: { chatConcurrency: 0 },
    });
    expect(bad.status).toBe(400);
    const saved = await adminRequest(ctx.app, 'PUT', '/ai/chat-concurrency', {
      session: admin,
      body: { chatConcurrency: 4 },
    });
    expect(saved.status).toBe(200);
    const stored = await new SettingsRepository(ctx.db).getMany(['ai.chat_concurrency']);
    expect(stored.get('ai.chat_concurrency')).toBe('4');
    const [audit] = await auditRows('ai.chat_concurrency');
    expect(JSON.parse(audit!.after_json)).toEqual({ chatConcurrency: 4 });
  });
});
