/**
 * The anime pipeline end to end on tiny real clips: import → queued jobs → real ffmpeg packaging →
 * playable HLS served through the access-checked /v3/anime/hls route, with a failing source, VIP
 * key protection, restart recovery and watch progress. Both databases (DATABASE_URL selects PostgreSQL).
 */
import { createDecipheriv } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiCode, type AnimeEpisode, type WorkDetail } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../import/library-importer.js';
import { writeVideo } from '../import/testing/library-fixtures.js';
import { makeVip } from '../testing/catalogue-factory.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';
import { planRenditions } from './rendition-plan.js';

let ctx: TestApp;
let client: TestClient;
let guest: TestSession;
let vip: TestSession;
let lib: string;
let workId: number;
let episodes: AnimeEpisode[];

interface Details {
  work: WorkDetail;
  episodes: AnimeEpisode[];
}
interface Play {
  episode: AnimeEpisode;
  master_url: string;
  qualities: { name: string; height: number }[];
  subtitles: { url: string; language: string }[];
  thumbnails_url: string;
  resume_s: number;
  next_episode_id: number;
  encrypted: number;
  key_token: string;
}

/** A 320×240 MPEG-4 Part 2 clip: not H.264, so it must be re-encoded rather than copied. */
function writeMpeg4Video(path: string): void {
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=10:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=2',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      '-shortest',
      path,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
}

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
/** A playlist's URI resolved against the playlist's own URL (path and query, as a player does). */
const resolve = (uri: string, base: string) => {
  const url = new URL(uri, `http://host${base}`);
  return `${url.pathname}${url.search}`;
};

async function details(session: TestSession): Promise<Details> {
  const result = await client.call<Details>('/v3/anime/details', { id: workId }, { session });
  expect(result.code).toBe(ApiCode.OK);
  return result.data!;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  guest = await client.initGuest();
  vip = await client.initGuest();
  await makeVip(ctx.db, vip.userId);
  lib = mkdtempSync(join(tmpdir(), 'dm51-anime-lib-'));
  const show = join(lib, 'anime/Tiny Signal');
  writeVideo(join(show, 'Tiny Signal - 01.mp4'));
  writeFileSync(join(show, 'Tiny Signal - 01.en.srt'), '1\n00:00:00,000 --> 00:00:01,500\nHello there\n');
  writeMpeg4Video(join(show, 'Tiny Signal - 02.mp4'));
  writeVideo(join(show, 'Tiny Signal - 03.mp4'));
  await runImport({
    root: lib,
    db: ctx.db,
    media: ctx.app.media,
    xorKey: ctx.config.imageXorKey,
    dataDir: ctx.config.dataDir,
  });
  const work = await ctx.db.selectFrom('works').select('id').where('type', '=', 2).executeTakeFirstOrThrow();
  workId = work.id;
  const chapters = await ctx.db
    .selectFrom('chapters')
    .select(['id', 'sort_order'])
    .where('work_id', '=', workId)
    .orderBy('sort_order')
    .execute();
  // Episode 2 is VIP; episode 3's file is damaged after the import (a bad disk, a partial copy).
  await ctx.db.updateTable('chapters').set({ pay: 2 }).where('id', '=', chapters[1]!.id).execute();
  writeFileSync(join(show, 'Tiny Signal - 03.mp4'), Buffer.alloc(4096, 7));
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('rendition plan', () => {
  it('never upscales and copies only H.264 with keyframes on the segment grid, at the source height', () => {
    const source = { width: 1920, height: 1080, videoCodec: 'h264', audioCodecs: ['ac3'] };
    const plan = planRenditions(source, { keyframesOnGrid: true });
    expect(plan.map((r) => [r.name, r.width, r.copy])).toEqual([
      ['360p', 640, false],
      ['720p', 1280, false],
      ['1080p', 1920, true],
    ]);
    expect(planRenditions(source, { keyframesOnGrid: false }).some((r) => r.copy)).toBe(false);
    expect(
      planRenditions(
        { width: 640, height: 480, videoCodec: 'hevc', audioCodecs: ['aac'] },
        { keyframesOnGrid: true },
      ).map((r) => [r.height, r.copy]),
    ).toEqual([
      [360, false],
      [480, false],
    ]);
  });
});

describe('transcode jobs', () => {
  it('lists new episodes as waiting before any job ran', async () => {
    const before = await details(guest);
    expect(before.episodes.map((e) => e.status)).toEqual(['waiting', 'waiting', 'waiting']);
    const play = await client.call<Play>(
      '/v3/anime/play',
      { chapter_id: before.episodes[0]!.id },
      { session: guest },
    );
    expect(play.data).toMatchObject({ master_url: '', episode: { status: 'waiting' } });
  });

  it('packages every episode; a broken source fails alone with a clear reason', async () => {
    await ctx.app.services.transcode.runUntilIdle();
    episodes = (await details(guest)).episodes;
    expect(episodes.map((e) => e.status)).toEqual(['ready', 'ready', 'failed']);
    expect(episodes[2]!.reason).toMatch(/invalid data|moov atom|could not|error/i);
    // Viewers see the reason: the file's name, not the server's folders or ffmpeg's pointers.
    expect(episodes[2]!.reason).toContain('Tiny Signal - 03.mp4');
    expect(episodes[2]!.reason).not.toContain(lib);
    expect(episodes[2]!.reason).not.toMatch(/@ 0x/);
    expect(episodes[0]!.poster).toMatch(/^\/media\/hls\/.+poster\.jpg$/);
  }, 120_000);

  it('serves a ready episode as HLS with subtitles, thumbnails, types and byte ranges', async () => {
    const play = (
      await client.call<Play>('/v3/anime/play', { chapter_id: episodes[0]!.id }, { session: guest })
    ).data!;
    expect(play).toMatchObject({ encrypted: 0, key_token: '', next_episode_id: episodes[1]!.id });
    expect(play.qualities.map((q) => q.height)).toEqual([120]);
    const master = await get(play.master_url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.body).toContain('#EXT-X-STREAM-INF:BANDWIDTH=');
    const variantUrl = resolve(
      master.body.split('\n').find((l) => l.includes('.m3u8'))!,
      play.master_url,
    );
    const variant = await get(variantUrl);
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    expect(variant.body).not.toContain('EXT-X-KEY');
    const segment = resolve(
      variant.body.split('\n').find((l) => l.includes('.ts'))!,
      variantUrl,
    );
    const ranged = await get(segment, { range: 'bytes=0-187' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp2t');
    expect(ranged.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect(play.subtitles).toHaveLength(1);
    const vtt = await get(play.subtitles[0]!.url);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body).toMatch(/^WEBVTT[\s\S]*Hello there/);
    const thumbs = await get(play.thumbnails_url);
    expect(thumbs.body).toMatch(/^WEBVTT[\s\S]*t0001\.jpg/);
  });

  it('re-encodes a non-H.264 source to a keyframe-aligned H.264 rendition', async () => {
    const job = await ctx.db
      .selectFrom('transcode_jobs')
      .select('manifest')
      .where('chapter_id', '=', episodes[1]!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.manifest)).toMatchObject({
      encrypted: true,
      renditions: [{ height: 240, copied: false }],
    });
  });

  it('puts interrupted jobs back to waiting at start-up', async () => {
    const shared = testDatabaseUrl() !== null;
    // PostgreSQL (several instances): only a job whose lease lapsed is another instance's to take.
    const lapsed = shared ? Math.floor(Date.now() / 1000) - ctx.config.jobs!.leaseS - 1 : undefined;
    await ctx.db
      .updateTable('transcode_jobs')
      .set({ status: 'processing', progress: 40, ...(lapsed ? { updated_time: lapsed } : {}) })
      .where('chapter_id', '=', episodes[2]!.id)
      .execute();
    const before = await ctx.db
      .selectFrom('transcode_jobs')
      .select(['status', 'progress', 'updated_time'])
      .where('chapter_id', '=', episodes[0]!.id)
      .executeTakeFirstOrThrow();
    if (shared) {
      // A live instance's job (lease just renewed) stays its own through another instance's start.
      await ctx.db
        .updateTable('transcode_jobs')
        .set({ status: 'processing', progress: 30, updated_time: Math.floor(Date.now() / 1000) })
        .where('chapter_id', '=', episodes[0]!.id)
        .execute();
    }
    await ctx.app.services.transcode.start();
    if (shared) {
      const live = await ctx.db
        .selectFrom('transcode_jobs')
        .select(['status', 'progress'])
        .where('chapter_id', '=', episodes[0]!.id)
        .executeTakeFirstOrThrow();
      expect(live).toEqual({ status: 'processing', progress: 30 });
      await ctx.db
        .updateTable('transcode_jobs')
        .set(before)
        .where('chapter_id', '=', episodes[0]!.id)
        .execute();
    }
    const row = await ctx.db
      .selectFrom('transcode_jobs')
      .select(['status', 'progress'])
      .where('chapter_id', '=', episodes[2]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'waiting', progress: 0 });
    await ctx.app.services.transcode.runUntilIdle();
    expect((await details(guest)).episodes[2]!.status).toBe('failed');
  }, 60_000);
});

describe('VIP episodes', () => {
  it('refuse play info to a guest and never give it the key', async () => {
    const play = await client.call<Play>(
      '/v3/anime/play',
      { chapter_id: episodes[1]!.id },
      { session: guest },
    );
    expect(play.code).toBe(ApiCode.VIP_REQUIRED);
    expect(play.data).toBeNull();
    expect((await get(`/v3/anime/key?chapter_id=${episodes[1]!.id}`)).statusCode).toBe(403);
    const forged = `${guest.userId}.${episodes[1]!.id}.${Math.floor(Date.now() / 1000) + 600}.AAAA`;
    expect(
      (await get(`/v3/anime/key?chapter_id=${episodes[1]!.id}&token=${encodeURIComponent(forged)}`))
        .statusCode,
    ).toBe(403);
  });

  it('give a VIP the key that decrypts the encrypted segments (and only for that episode)', async () => {
    const play = (
      await client.call<Play>('/v3/anime/play', { chapter_id: episodes[1]!.id }, { session: vip })
    ).data!;
    expect(play.encrypted).toBe(1);
    const master = await get(play.master_url);
    const variantUrl = resolve(
      master.body.split('\n').find((l) => l.includes('.m3u8'))!,
      play.master_url,
    );
    const variant = (await get(variantUrl)).body;
    // The viewer's copy names a key URL signed for them: no header needed (native HLS).
    expect(variant).toContain(
      `#EXT-X-KEY:METHOD=AES-128,URI="/v3/anime/key?chapter_id=${episodes[1]!.id}&token=`,
    );
    const segment = await get(
      resolve(
        variant.split('\n').find((l) => l.includes('.ts'))!,
        variantUrl,
      ),
    );
    expect(segment.rawPayload[0]).not.toBe(0x47); // ciphertext without the key
    const key = await get(
      `/v3/anime/key?chapter_id=${episodes[1]!.id}&token=${encodeURIComponent(play.key_token)}`,
    );
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toBe('no-store');
    expect(key.rawPayload).toHaveLength(16);
    // HLS AES-128 without an IV attribute uses the media sequence number (0) as the IV.
    const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, Buffer.alloc(16));
    const plain = Buffer.concat([decipher.update(segment.rawPayload), decipher.final()]);
    expect(plain[0]).toBe(0x47);
    const elsewhere = await get(
      `/v3/anime/key?chapter_id=${episodes[0]!.id}&token=${encodeURIComponent(play.key_token)}`,
    );
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('/v3/anime/progress', () => {
  it('saves the watch place, resumes from it and lists it in the history beside reading', async () => {
    const saved = await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[0]!.id, position_s: 1.4, duration_s: 2 },
      { session: guest },
    );
    expect(saved.code).toBe(ApiCode.OK);
    const history = await client.call<{ list: { relate_id: number; type: number }[] }>(
      '/v3/read/index',
      { type: -1 },
      { session: guest },
    );
    expect(history.data!.list).toEqual([expect.objectContaining({ relate_id: workId, type: 2 })]);
    await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[0]!.id, position_s: 61, duration_s: 120 },
      { session: guest },
    );
    // The tiny clip is 2 s long: a place past its end is "finished", so the next play starts over.
    const play = await client.call<Play>(
      '/v3/anime/play',
      { chapter_id: episodes[0]!.id },
      { session: guest },
    );
    expect(play.data!.resume_s).toBe(0);
    await ctx.db.updateTable('chapters').set({ duration_s: 600 }).where('id', '=', episodes[0]!.id).execute();
    const resumed = await client.call<Play>(
      '/v3/anime/play',
      { chapter_id: episodes[0]!.id },
      { session: guest },
    );
    expect(resumed.data!.resume_s).toBe(61);
    const other = await client.call<{ list: unknown[] }>('/v3/read/index', { type: -1 }, { session: vip });
    expect(other.data!.list).toHaveLength(0);
  });

  it('refuses malformed positions and unknown episodes, changing nothing', async () => {
    const bad = await client.call(
      '/v3/anime/progress',
      { chapter_id: episodes[0]!.id, position_s: 'soon' },
      { session: guest },
    );
    expect(bad.code).not.toBe(ApiCode.OK);
    const unknown = await client.call(
      '/v3/anime/progress',
      { chapter_id: 999_999, position_s: 3 },
      { session: guest },
    );
    expect(unknown.code).toBe(ApiCode.CONTENT_NOT_FOUND);
  });
});

describe('anime favourites', () => {
  it('adds, lists (with the detail flag) and removes an anime favourite', async () => {
    const add = await client.call('/v3/anime/favorite_add', { id: workId }, { session: guest });
    expect(add.data).toMatchObject({ is_favorite: 1, favorites: 1 });
    expect((await details(guest)).work.is_favorite).toBe(1);
    const list = await client.call<{ list: { relate_id: number }[]; total: number }>(
      '/v3/anime/favorites',
      {},
      { session: guest },
    );
    expect(list.data).toMatchObject({ total: 1, list: [{ relate_id: workId }] });
    const comics = await client.call<{ total: number }>('/v3/cases/index', {}, { session: guest });
    expect(comics.data!.total).toBe(0);
    const del = await client.call('/v3/anime/favorite_del', { ids: [workId, 424242] }, { session: guest });
    expect(del.data).toEqual({ deleted: 1 });
    expect((await details(guest)).work.is_favorite).toBe(0);
  });
});
