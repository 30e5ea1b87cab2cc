import { ApiCode, type AiJob } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_AI_IMAGE_CONFIG, type AiImageConfig } from '../../ai-images/ai-image-config.js';
import {
  samplePhoto,
  startComfyUiPeer,
  startOpenAiImagesPeer,
  uploadCall,
  type Peer,
} from '../../testing/ai-peers.js';
import { ledgerEntryCount, ledgerViolations, registeredUser, topUp } from '../../testing/money-factory.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let photo: Buffer;
let keyN = 0;
const key = () => `ai-test-key-${(keyN += 1)}-${Date.now()}`;

interface Harness {
  ctx: TestApp;
  client: TestClient;
  create(session: TestSession, style?: string): Promise<{ code: number; msg: string; data: AiJob | null }>;
  idle(): Promise<void>;
  credits(userId: number): Promise<number>;
  richUser(): Promise<TestSession>;
}

async function harness(ai: Partial<AiImageConfig> = {}): Promise<Harness> {
  const ctx = await buildTestApp({ aiImages: { ...DEFAULT_AI_IMAGE_CONFIG, ...ai } });
  const client = createTestClient(ctx);
  const h: Harness = {
    ctx,
    client,
    create: (session, style = 'anime') =>
      uploadCall<AiJob>(
        ctx,
        client,
        '/v3/ai/cos_create',
        photo,
        { style, seed: 7, idempotency_key: key() },
        session,
      ),
    idle: () => ctx.app.services.ai.images.runner!.idle(),
    credits: async (userId) =>
      Number(
        (
          await ctx.db
            .selectFrom('users')
            .select('ai_cos_coin')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow()
        ).ai_cos_coin,
      ),
    // A registered user with no free tries (the day's were used) and 30 AI credits.
    richUser: async () => {
      const session = await registeredUser(ctx.db, client);
      await ctx.db
        .insertInto('ai_free_uses')
        .values({ user_id: session.userId, day: ctx.app.services.tasks.clock.day(), used: 99 })
        .execute();
      await topUp(ctx.db, ctx.app.services.money, session.userId, { coins: 100 });
      const bought = await client.call('/v3/ai/buy', { pack: 'medium', idempotency_key: key() }, { session });
      expect(bought).toMatchObject({ code: 1, data: { credits: 30, added: 30 } });
      return session;
    },
  };
  return h;
}

beforeAll(async () => {
  photo = await samplePhoto();
});

describe('AI cos with the built-in provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.ctx.close());

  it('gives a guest the free tries, keeps the results and refuses the fourth', async () => {
    const guest = await h.client.initGuest();
    const index = await h.client.call('/v3/ai/index', {}, { session: guest });
    expect(index.data).toMatchObject({
      is_guest: 1,
      credits: 0,
      free_left: 3,
      free_daily: 3,
      can_buy: 0,
      provider: 'builtin',
    });
    const jobs: AiJob[] = [];
    for (const style of ['anime', 'manga', 'pixel']) {
      const created = await h.create(guest, style);
      expect(created).toMatchObject({ code: 1, data: { status: 'queued', paid_with: 'free', cost: 0 } });
      jobs.push(created.data!);
      await h.idle(); // at most AI_MAX_JOBS_PER_USER (2) at once
    }
    await h.idle();
    for (const job of jobs) {
      const done = await h.client.call<AiJob>('/v3/ai/job', { id: job.id }, { session: guest });
      expect(done.data).toMatchObject({ status: 'done', progress: 100, refunded: 0 });
      expect(done.data!.result).toMatch(/^\/media\/.+_xfile\.jpg$/);
    }
    const entries = await ledgerEntryCount(h.ctx.db, guest.userId);
    const fourth = await h.create(guest);
    expect(fourth.code).toBe(ApiCode.AI_CREDITS_SHORT);
    expect(await ledgerEntryCount(h.ctx.db, guest.userId)).toBe(entries);
    expect((await h.client.call('/v3/ai/index', {}, { session: guest })).data).toMatchObject({
      free_left: 0,
    });
    // The user record's ai_free_time (spec §3) is today's free tries left.
    const me = await h.client.call<{ user: { ai_free_time: number } }>(
      '/v3/user/index',
      {},
      { session: guest },
    );
    expect(me.data!.user.ai_free_time).toBe(0);

    const gallery = await h.client.call<{ list: AiJob[]; total: number }>(
      '/v3/ai/gallery',
      { page: 1, limit: 10 },
      { session: guest },
    );
    expect(gallery.data!.total).toBe(3);
    const log = await h.client.call<{
      list: { status: string; kind: string; paid_with: string; style?: string }[];
      total: number;
    }>('/v3/ai/log', { page: 1, limit: 10 }, { session: guest });
    expect(log.data!.total).toBe(3);
    expect(
      log.data!.list.every(
        (line) => line.kind === 'image' && line.status === 'done' && line.paid_with === 'free',
      ),
    ).toBe(true);
    // Each line names its job's style by key, for the app to translate.
    const styleKeys = (await h.ctx.db.selectFrom('ai_jobs').select('style').execute()).map((j) => j.style);
    expect(log.data!.list.every((line) => line.style && styleKeys.includes(line.style))).toBe(true);

    // Buying needs an account; guests are asked to bind.
    const buy = await h.client.call(
      '/v3/ai/buy',
      { pack: 'small', idempotency_key: key() },
      { session: guest },
    );
    expect(buy.code).toBe(ApiCode.LOGIN_REQUIRED);

    // Another user sees none of it.
    const other = await h.client.initGuest();
    expect((await h.client.call('/v3/ai/job', { id: jobs[0]!.id }, { session: other })).code).toBe(
      ApiCode.AI_JOB_NOT_FOUND,
    );
    expect((await h.client.call('/v3/ai/gallery_del', { id: jobs[0]!.id }, { session: other })).code).toBe(
      ApiCode.AI_JOB_NOT_FOUND,
    );
    expect((await h.client.call('/v3/ai/gallery_del', { id: jobs[0]!.id }, { session: guest })).code).toBe(1);
    const after = await h.client.call<{ total: number }>(
      '/v3/ai/gallery',
      { page: 1, limit: 10 },
      { session: guest },
    );
    expect(after.data!.total).toBe(2);
  });

  it('charges credits after the free tries, refuses when short, and answers a repeated key once', async () => {
    const session = await h.richUser();
    const created = await h.create(session, 'pixel');
    expect(created.data).toMatchObject({ paid_with: 'credits', cost: 1 });
    expect(await h.credits(session.userId)).toBe(29);
    // The same key answers the same job and charges nothing more.
    const again = await uploadCall<AiJob>(
      h.ctx,
      h.client,
      '/v3/ai/cos_create',
      photo,
      { style: 'anime', seed: 3, idempotency_key: 'fixed-key-123' },
      session,
    );
    const repeat = await uploadCall<AiJob>(
      h.ctx,
      h.client,
      '/v3/ai/cos_create',
      photo,
      { style: 'anime', seed: 3, idempotency_key: 'fixed-key-123' },
      session,
    );
    expect(repeat.data!.id).toBe(again.data!.id);
    expect(await h.credits(session.userId)).toBe(27);
    await h.idle();
    // Short: spend the rest, then one more is refused and nothing moves.
    await h.ctx.app.services.money.ledger.transaction((tx) =>
      h.ctx.app.services.money.wallet.spendAiCredits(tx, session.userId, 27, {
        key: `drain:${session.userId}`,
        title: 'drain',
      }),
    );
    const entries = await ledgerEntryCount(h.ctx.db, session.userId);
    const short = await h.create(session);
    expect(short.code).toBe(ApiCode.AI_CREDITS_SHORT);
    expect(await ledgerEntryCount(h.ctx.db, session.userId)).toBe(entries);
    expect((await h.create(session, 'nope')).code).toBe(ApiCode.AI_STYLE_UNKNOWN);
    expect(
      (await h.client.call('/v3/ai/buy', { pack: 'huge', idempotency_key: key() }, { session })).code,
    ).toBe(ApiCode.AI_PACK_UNKNOWN);
    const notImage = await uploadCall(
      h.ctx,
      h.client,
      '/v3/ai/cos_create',
      Buffer.from('not an image at all'),
      { style: 'anime', idempotency_key: key() },
      session,
    );
    expect(notImage.code).toBe(ApiCode.UPLOAD_INVALID);
    expect(await ledgerViolations(h.ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });
});

describe('AI cos with an OpenAI-compatible server on loopback', () => {
  let h: Harness;
  let peer: Peer;
  beforeAll(async () => {
    peer = await startOpenAiImagesPeer('ok');
    h = await harness({
      provider: 'openai',
      openai: { baseUrl: peer.url, apiKey: 'sk-test', model: 'm' },
      // Long enough that a quick failure is never overtaken by the time limit on a loaded machine
      // (CI once saw "Timed out" for the peer's immediate 500), short enough for the hang case.
      jobTimeoutS: 4,
      maxJobsPerUser: 2,
    });
  });
  afterAll(async () => {
    await h.ctx.close();
    await peer.close();
  });

  const finished = async (session: TestSession, id: number) =>
    (await h.client.call<AiJob>('/v3/ai/job', { id }, { session })).data!;

  it('makes the image, retries a 503, and refunds failures and timeouts exactly once', async () => {
    const session = await h.richUser();
    const ok = await h.create(session);
    await h.idle();
    expect(await finished(session, ok.data!.id)).toMatchObject({ status: 'done' });
    expect(peer.requests.some((line) => line.startsWith('POST /v1/images/edits'))).toBe(true);
    expect(await h.credits(session.userId)).toBe(28);

    peer.mode = 'flaky';
    const flaky = await h.create(session);
    await h.idle();
    expect(await finished(session, flaky.data!.id)).toMatchObject({ status: 'done' });
    expect(await h.credits(session.userId)).toBe(26);

    for (const mode of ['fail', 'error-json', 'hang'] as const) {
      peer.mode = mode;
      const job = await h.create(session);
      expect(await h.credits(session.userId)).toBe(24);
      await h.idle();
      const failed = await finished(session, job.data!.id);
      expect(failed).toMatchObject({ status: 'failed', refunded: 1 });
      expect(failed.error).toMatch(
        mode === 'hang' ? /Timed out/ : mode === 'fail' ? /GPU on fire/ : /content policy/,
      );
      expect(await h.credits(session.userId)).toBe(26);
      // A second failure report gives nothing more back.
      const row = await h.ctx.db
        .selectFrom('ai_jobs')
        .selectAll()
        .where('id', '=', job.data!.id)
        .executeTakeFirstOrThrow();
      await h.ctx.app.services.ai.images.images.fail(row, 'again');
      expect(await h.credits(session.userId)).toBe(26);
    }
    const log = await h.client.call<{ list: { status: string }[] }>(
      '/v3/ai/log',
      { page: 1, limit: 3 },
      { session },
    );
    expect(log.data!.list.map((line) => line.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await ledgerViolations(h.ctx.db, { spendsAreUnlocks: false })).toEqual([]);
  });

  it('limits the jobs one user runs at once', async () => {
    peer.mode = 'hang';
    const session = await h.richUser();
    expect((await h.create(session)).code).toBe(1);
    expect((await h.create(session)).code).toBe(1);
    const third = await h.create(session);
    expect(third.code).toBe(ApiCode.AI_JOBS_BUSY);
    expect(await h.credits(session.userId)).toBe(26);
    await h.idle();
    expect(await h.credits(session.userId)).toBe(30);
  });
});

describe('AI cos after a restart', () => {
  it('fails and refunds the jobs a previous process left running, once', async () => {
    const peer = await startOpenAiImagesPeer('hang');
    const h = await harness({
      provider: 'openai',
      openai: { baseUrl: peer.url, apiKey: '', model: 'm' },
      jobTimeoutS: 2,
    });
    try {
      const session = await h.richUser();
      const job = await h.create(session);
      expect(await h.credits(session.userId)).toBe(28);
      const running = () =>
        h.ctx.db
          .selectFrom('ai_jobs')
          .select(['status', 'progress'])
          .where('id', '=', job.data!.id)
          .executeTakeFirstOrThrow();
      // Running, and past the provider's first progress report (which also marks the job as
      // touched: a back-dated time written before it would be overwritten by it).
      for (;;) {
        const row = await running();
        if (row.status === 'running' && row.progress >= 20) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (testDatabaseUrl()) {
        // Several instances share the jobs: a live one's running job is not touched by another's
        // start; only once it has been abandoned past the time limit and the lease is it failed.
        await h.ctx.app.services.ai.images.runner!.recover();
        expect((await running()).status).toBe('running');
        await h.ctx.db
          .updateTable('ai_jobs')
          .set({ updated_time: Math.floor(Date.now() / 1000) - 2 - h.ctx.config.jobs!.leaseS - 1 })
          .where('id', '=', job.data!.id)
          .execute();
      }
      // What a new process does at start: the job's work is lost, so it fails and is refunded.
      await h.ctx.app.services.ai.images.runner!.recover();
      expect((await running()).status).toBe('failed');
      expect(await h.credits(session.userId)).toBe(30);
      // The old attempt timing out later gives nothing more back.
      await h.idle();
      expect(await h.credits(session.userId)).toBe(30);
      const answer = await h.client.call<AiJob>('/v3/ai/job', { id: job.data!.id }, { session });
      expect(answer.data).toMatchObject({
        status: 'failed',
        refunded: 1,
        error: 'Interrupted by a server restart',
      });
      expect(await ledgerViolations(h.ctx.db, { spendsAreUnlocks: false })).toEqual([]);
    } finally {
      await h.ctx.close();
      await peer.close();
    }
  });
});

describe('AI cos with a ComfyUI server on loopback', () => {
  it('queues the workflow, polls the history, fetches the image; a refused workflow is refunded', async () => {
    const peer = await startComfyUiPeer('ok');
    const workflowPath = join(
      await import('node:os').then((os) => os.tmpdir()),
      `dm51-wf-${Date.now()}.json`,
    );
    writeFileSync(
      workflowPath,
      JSON.stringify({
        '3': { class_type: 'KSampler', inputs: { seed: '{{seed}}' } },
        '10': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
        '6': { inputs: { text: '{{prompt}}' } },
      }),
    );
    const h = await harness({
      provider: 'comfyui',
      comfyui: { url: peer.url, workflowPath },
      jobTimeoutS: 5,
    });
    (h.ctx.app.services.ai.images.provider as unknown as { options: { pollMs: number } }).options.pollMs = 50;
    try {
      const session = await h.richUser();
      const ok = await h.create(session);
      await h.idle();
      expect((await h.client.call<AiJob>('/v3/ai/job', { id: ok.data!.id }, { session })).data).toMatchObject(
        { status: 'done' },
      );
      const queued = peer.requests.find((line) => line.startsWith('POST /prompt'))!;
      expect(queued).toContain('"seed":7');
      expect(queued).toContain('"image":"dm51.png"');
      peer.mode = 'fail';
      const failed = await h.create(session);
      await h.idle();
      expect(
        (await h.client.call<AiJob>('/v3/ai/job', { id: failed.data!.id }, { session })).data,
      ).toMatchObject({ status: 'failed', refunded: 1 });
      expect(await h.credits(session.userId)).toBe(28);
    } finally {
      await h.ctx.close();
      await peer.close();
    }
  });
});
