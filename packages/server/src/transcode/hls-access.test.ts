/**
 * Who may stream a paid episode is decided when each playlist, segment and key is served, whatever
 * order the import, the pricing and the packaging ran in; the URLs work without any header (native
 * HLS), are bound to one viewer and episode, expire, and refuse tampering. The packages themselves
 * are checked with a real HLS parser (m3u8-parser) and real ffmpeg: CODECS on every variant, a
 * distinct IV per segment, the same audio layout and segment length in every variant. Both
 * databases (DATABASE_URL selects PostgreSQL).
 */
import { createDecipheriv } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiCode, type AnimeEpisode } from '@dm51/shared';
import { Parser } from 'm3u8-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../import/library-importer.js';
import { writeVideo } from '../import/testing/library-fixtures.js';
import { makeVip } from '../testing/catalogue-factory.js';
import { registeredUser, topUp } from '../testing/money-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';
import { keyframesOnGrid } from './keyframe-grid.js';
import { sequenceIv } from './segment-encryption.js';

let ctx: TestApp;
let client: TestClient;
let lib: string;
let origin: string;
/** What a guest fetched of an episode while it was free (`master` holds its URL). */
let staleGuest: Fetched;
const viewers = {} as Record<'guest' | 'nonBuyer' | 'buyer' | 'vip', TestSession>;
/** Episode ids by how they came to be paid (or not). */
const ep = {} as Record<
  'layout' | 'pricedAtImport' | 'pricedBeforePackaging' | 'pricedAfterPackaging',
  number
>;

interface Play {
  episode: AnimeEpisode;
  master_url: string;
  encrypted: number;
  subtitles: { url: string }[];
}

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
/** A URI of a playlist, resolved against the playlist's own URL (path and query). */
const resolve = (uri: string, base: string) => {
  const url = new URL(uri, `http://host${base}`);
  return `${url.pathname}${url.search}`;
};
const parse = (text: string) => {
  const parser = new Parser();
  parser.push(text);
  parser.end();
  return parser.manifest;
};
const ffmpeg = (args: string[]) =>
  execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'ignore', timeout: 120_000 });

/** 854×480, 12 s, mono audio, a keyframe only every 10 s: the source whose variants used to differ. */
function writeMonoLongGopVideo(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=24:duration=12'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '240', '-keyint_min', '240', '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-ac', '1', '-shortest', path],
  ]);
}

async function play(session: TestSession, chapterId: number) {
  return client.call<Play>('/v3/anime/play', { chapter_id: chapterId }, { session });
}

async function package_(): Promise<void> {
  await ctx.app.services.transcode.runUntilIdle();
}

async function price(chapterId: number, pay: number): Promise<void> {
  await ctx.db.updateTable('chapters').set({ pay }).where('id', '=', chapterId).execute();
}

/** A stream URL for `session`, signed like /v3/anime/play would sign it (for viewers play refuses). */
async function masterUrlFor(session: TestSession, chapterId: number): Promise<string> {
  const token = await ctx.app.services.videoAccess.mintStreamToken(session.userId, chapterId, 60);
  return `/v3/anime/hls/${chapterId}/master.m3u8?t=${encodeURIComponent(token)}`;
}

interface Fetched {
  master: string;
  variantUrl: string;
  variant: string;
  segmentUrls: string[];
  keyUrl: string | null;
}

/** Master → first variant → its segments' URLs and key URL, as an HLS player would walk it. */
async function walk(masterUrl: string): Promise<Fetched> {
  const master = await get(masterUrl);
  expect(master.statusCode).toBe(200);
  const variantUrl = resolve(parse(master.body).playlists![0]!.uri, masterUrl);
  const variant = await get(variantUrl);
  expect(variant.statusCode).toBe(200);
  const segments = parse(variant.body).segments;
  return {
    master: master.body,
    variantUrl,
    variant: variant.body,
    segmentUrls: segments.map((s) => resolve(s.uri, variantUrl)),
    keyUrl: segments[0]!.key ? resolve(segments[0]!.key.uri, variantUrl) : null,
  };
}

/** Every resource of an episode refused: master, variant, segment and key, 403 without bytes. */
async function expectRefused(urls: string[]): Promise<void> {
  for (const url of urls) {
    const answer = await get(url);
    expect(answer.statusCode, url).toBe(403);
    expect(answer.body).not.toContain('#EXT');
    expect(answer.rawPayload.length).toBeLessThan(100);
  }
}

/** The resources a player fetches, answered for a viewer allowed to watch (decrypted when encrypted). */
async function expectPlayable(masterUrl: string, encrypted: boolean): Promise<Fetched> {
  const fetched = await walk(masterUrl);
  expect(fetched.keyUrl !== null).toBe(encrypted);
  const key = fetched.keyUrl ? await get(fetched.keyUrl) : null;
  if (key) {
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload).toHaveLength(16);
  }
  const sequence = parse(fetched.variant).mediaSequence ?? 0;
  for (const [i, url] of fetched.segmentUrls.entries()) {
    const segment = await get(url);
    expect(segment.statusCode).toBe(200);
    let bytes = segment.rawPayload;
    if (key) {
      const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, sequenceIv(sequence + i));
      bytes = Buffer.concat([decipher.update(bytes), decipher.final()]);
    }
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte: a real segment
  }
  return fetched;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  viewers.guest = await client.initGuest();
  viewers.nonBuyer = await registeredUser(ctx.db, client);
  viewers.buyer = await registeredUser(ctx.db, client);
  viewers.vip = await client.initGuest();
  await makeVip(ctx.db, viewers.vip.userId);
  await topUp(ctx.db, ctx.app.services.money, viewers.buyer.userId, { coins: 1000 });
  await topUp(ctx.db, ctx.app.services.money, viewers.nonBuyer.userId, { coins: 1000 });

  lib = mkdtempSync(join(tmpdir(), 'dm51-hls-access-'));
  // A VIP series: its marker is there at import, so episode 4 is paid before anything is packaged.
  const marked = join(lib, 'anime/Marked Signal');
  for (let n = 1; n <= 3; n++) writeVideo(join(marked, `Marked Signal - 0${n}.mp4`));
  writeVideo(join(marked, 'Marked Signal - 04.mp4'), 9); // three segments
  writeFileSync(join(marked, '.vip'), '');
  const plain = join(lib, 'anime/Plain Signal');
  writeMonoLongGopVideo(join(plain, 'Plain Signal - 01.mp4'));
  writeVideo(join(plain, 'Plain Signal - 02.mp4'));
  writeVideo(join(plain, 'Plain Signal - 03.mp4'));
  writeFileSync(join(plain, 'Plain Signal - 03.en.srt'), '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
  await runImport({
    root: lib,
    db: ctx.db,
    media: ctx.app.media,
    xorKey: ctx.config.imageXorKey,
    dataDir: ctx.config.dataDir,
  });
  const chapters = await ctx.db
    .selectFrom('chapters')
    .innerJoin('works', 'works.id', 'chapters.work_id')
    .select(['chapters.id', 'chapters.pay', 'works.title', 'chapters.sort_order'])
    .where('works.type', '=', 2)
    .orderBy('chapters.sort_order')
    .execute();
  const of = (title: string) => chapters.filter((c) => c.title === title);
  expect(of('Marked Signal').map((c) => c.pay)).toEqual([0, 0, 0, 2]);
  ep.pricedAtImport = of('Marked Signal')[3]!.id;
  [ep.layout, ep.pricedBeforePackaging, ep.pricedAfterPackaging] = of('Plain Signal').map((c) => c.id) as [
    number,
    number,
    number,
  ];
  // Coins, priced between import and packaging.
  await price(ep.pricedBeforePackaging, 1);
  await package_();
  // VIP, priced after it was packaged as a free episode; a guest watched it while it was free.
  const free = await play(viewers.guest, ep.pricedAfterPackaging);
  expect(free.data!.encrypted).toBe(0);
  staleGuest = await walk(free.data!.master_url);
  staleGuest.master = free.data!.master_url;
  await price(ep.pricedAfterPackaging, 2);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await ctx.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('a paid episode, whatever order it was imported, priced and packaged in', () => {
  it('made paid after packaging: its open package is refused at once, then re-packaged encrypted', async () => {
    const id = ep.pricedAfterPackaging;
    // The guest had the URLs while the episode was free; the price applies to the next request.
    const open = staleGuest;
    const stale = open.master;
    expect(open.keyUrl).toBeNull();
    const job = await ctx.db
      .selectFrom('transcode_jobs')
      .select('key_hex')
      .where('chapter_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.key_hex).toBe('');
    await expectRefused([stale, open.variantUrl, open.segmentUrls[0]!]);
    expect((await play(viewers.guest, id)).code).toBe(ApiCode.VIP_REQUIRED);
    // The VIP plays it before it is re-packaged (unencrypted, but still served only to them)…
    const vipPlay = await play(viewers.vip, id);
    await expectPlayable(vipPlay.data!.master_url, false);
    // …and the next packaging run encrypts it.
    await package_();
    const again = await play(viewers.vip, id);
    expect(again.data!.encrypted).toBe(1);
    await expectPlayable(again.data!.master_url, true);
    await expectRefused([stale, open.variantUrl, open.segmentUrls[0]!]);
  }, 120_000);

  const matrix: [keyof typeof ep, number, Record<keyof typeof viewers, boolean>][] = [
    // The buyer first: the refused viewers then try the buyer's URLs with their own tokens.
    ['pricedAtImport', 2, { buyer: true, vip: true, guest: false, nonBuyer: false }],
    ['pricedBeforePackaging', 1, { buyer: true, vip: false, guest: false, nonBuyer: false }],
    ['pricedAfterPackaging', 2, { buyer: true, vip: true, guest: false, nonBuyer: false }],
  ];
  for (const [name, pay, allowed] of matrix) {
    it(`${name} (pay ${pay}): refused to a guest and a non-buyer, played by a buyer${allowed.vip ? ' and a VIP' : ''}`, async () => {
      const id = ep[name];
      const bought = await client.call(
        '/v3/anime/buy',
        { chapter_id: id, idempotency_key: `hls-${name}-${Date.now()}` },
        { session: viewers.buyer },
      );
      expect(bought.code).toBe(ApiCode.OK);
      let reference: Fetched | null = null;
      for (const who of Object.keys(allowed) as (keyof typeof viewers)[]) {
        const session = viewers[who];
        const answer = await play(session, id);
        if (allowed[who]) {
          expect(answer.code, who).toBe(ApiCode.OK);
          expect(answer.data!.encrypted).toBe(1);
          reference = await expectPlayable(answer.data!.master_url, true);
        } else {
          expect(answer.code, who).not.toBe(ApiCode.OK);
          // Even with URLs signed for them, nothing is served.
          const masterUrl = await masterUrlFor(session, id);
          const own = new URL(`http://h${masterUrl}`).search.slice(1);
          const paths = [reference!.variantUrl, reference!.segmentUrls[0]!].map((u) =>
            u.replace(/t=[^&]+/, own),
          );
          const keyToken = await ctx.app.services.videoAccess.mintToken(session.userId, id);
          const key = `/v3/anime/key?chapter_id=${id}&token=${encodeURIComponent(keyToken)}`;
          await expectRefused([masterUrl, ...paths, key]);
        }
      }
      // Anyone with just the URLs (no token, or another episode's token) gets nothing.
      const urls = [reference!.variantUrl, reference!.segmentUrls[0]!, reference!.keyUrl!];
      await expectRefused([
        ...urls.map((u) => u.replace(/[?&](t|token)=[^&]+/, '')),
        `/v3/anime/hls/${id}/master.m3u8`,
      ]);
    }, 120_000);
  }

  it('a paid episode made free again is open to every viewer', async () => {
    await price(ep.pricedBeforePackaging, 0);
    const answer = await play(viewers.guest, ep.pricedBeforePackaging);
    expect(answer.code).toBe(ApiCode.OK);
    await expectPlayable(answer.data!.master_url, true);
    await price(ep.pricedBeforePackaging, 1);
    await expectRefused([answer.data!.master_url]);
  });
});

async function outputPrefix(chapterId: number): Promise<string> {
  const job = await ctx.db
    .selectFrom('transcode_jobs')
    .select('output_prefix')
    .where('chapter_id', '=', chapterId)
    .executeTakeFirstOrThrow();
  return job.output_prefix;
}

describe('signed HLS URLs', () => {
  it('are not served from /media: the package is only reachable through the access check', async () => {
    const prefix = await outputPrefix(ep.layout);
    for (const file of ['master.m3u8', 'v360/index.m3u8', 'v360/seg_0000.ts']) {
      expect((await get(`/media/${prefix}/${file}`)).statusCode).toBe(404);
    }
    // The poster is public: it is shown beside locked episodes.
    expect((await get(`/media/${prefix}/poster.jpg`)).statusCode).toBe(200);
  });

  it('refuse a tampered, expired, other-episode or wrong-kind token', async () => {
    const id = ep.pricedAtImport;
    const access = ctx.app.services.videoAccess;
    const answer = await play(viewers.vip, id);
    const token = new URL(`http://h${answer.data!.master_url}`).searchParams.get('t')!;
    const [user, chapter, expires, signature] = token.split('.');
    const url = (t: string) => `/v3/anime/hls/${id}/master.m3u8?t=${encodeURIComponent(t)}`;
    expect((await get(url(token))).statusCode).toBe(200);
    const nowS = Math.floor(Date.now() / 1000);
    const keyToken = await access.mintToken(viewers.vip.userId, id);
    const tampered = [
      `${viewers.guest.userId}.${chapter}.${expires}.${signature}`, // another viewer
      `${user}.${chapter}.${Number(expires) + 3600}.${signature}`, // a longer life
      `${user}.${chapter}.${expires}.${signature!.slice(0, -2)}AA`, // a forged signature
      await access.mintStreamToken(viewers.vip.userId, id, 0, nowS - 3 * 3600), // expired
      await access.mintStreamToken(viewers.vip.userId, ep.layout, 60), // another episode
      keyToken, // a key token is not a stream token
      'garbage',
    ];
    for (const bad of tampered) expect((await get(url(bad))).statusCode, bad).toBe(403);
    // Key URLs: short-lived (10 minutes), bound to the episode, and not a stream token.
    const key = (t: string, chapterId = id) =>
      `/v3/anime/key?chapter_id=${chapterId}&token=${encodeURIComponent(t)}`;
    expect((await get(key(keyToken))).statusCode).toBe(200);
    expect((await get(key(await access.mintToken(viewers.vip.userId, id, nowS - 601)))).statusCode).toBe(403);
    expect((await get(key(keyToken, ep.pricedBeforePackaging))).statusCode).toBe(403);
    expect((await get(key(token))).statusCode).toBe(403);
    const [ku, kc, ke, ks] = keyToken.split('.');
    expect((await get(key(`${viewers.guest.userId}.${kc}.${ke}.${ks}`))).statusCode).toBe(403);
    expect((await get(key(`${ku}.${kc}.${Number(ke) + 600}.${ks}`))).statusCode).toBe(403);
    // A VIP whose membership lapsed loses the key and the segments on the next request.
    await makeVip(ctx.db, viewers.vip.userId, nowS - 1);
    expect((await get(key(keyToken))).statusCode).toBe(403);
    expect((await get(url(token))).statusCode).toBe(403);
    await makeVip(ctx.db, viewers.vip.userId);
  });

  it('play in real ffmpeg from the URL alone (no header), key included; a guest URL does not', async () => {
    const answer = await play(viewers.vip, ep.pricedAtImport);
    const decode = (url: string) =>
      new Promise<number>((done) => {
        const args = [
          '-v',
          'error',
          '-allowed_extensions',
          'ALL',
          '-i',
          `${origin}${url}`,
          '-f',
          'null',
          '-',
        ];
        execFile('/usr/bin/ffmpeg', args, { timeout: 60_000 }, (error) => done(error ? 1 : 0));
      });
    expect(await decode(answer.data!.master_url)).toBe(0);
    expect(await decode(await masterUrlFor(viewers.guest, ep.pricedAtImport))).toBe(1);
  }, 60_000);
});

describe('HLS packages', () => {
  it('name CODECS, RESOLUTION and BANDWIDTH on every variant, and serve subtitles with the token', async () => {
    for (const id of Object.values(ep)) {
      const answer = await play(viewers.buyer, id);
      const master = parse((await get(answer.data!.master_url)).body);
      expect(master.playlists!.length).toBeGreaterThan(0);
      for (const variant of master.playlists!) {
        expect(variant.attributes.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
        expect(variant.attributes.RESOLUTION!.height).toBeGreaterThan(0);
        expect(Number(variant.attributes.BANDWIDTH)).toBeGreaterThanOrEqual(
          Number(variant.attributes['AVERAGE-BANDWIDTH']),
        );
      }
    }
    const withSubs = await play(viewers.buyer, ep.pricedAfterPackaging);
    const vtt = await get(withSubs.data!.subtitles[0]!.url);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toMatch(/^WEBVTT[\s\S]*Hi/);
    expect((await get(withSubs.data!.subtitles[0]!.url.replace(/\?t=.*/, ''))).statusCode).toBe(403);
  });

  it('encrypt each segment with its own IV (the media sequence number, no IV attribute)', async () => {
    const answer = await play(viewers.vip, ep.pricedAtImport);
    const fetched = await walk(answer.data!.master_url);
    expect(fetched.variant).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="[^"]+"\n/);
    expect(fetched.variant).not.toMatch(/IV=/);
    expect(fetched.segmentUrls).toHaveLength(3);
    const key = (await get(fetched.keyUrl!)).rawPayload;
    const firstBlock = (bytes: Buffer, sequence: number) =>
      createDecipheriv('aes-128-cbc', key, sequenceIv(sequence)).update(bytes).subarray(0, 16);
    for (const [i, url] of fetched.segmentUrls.entries()) {
      const bytes = (await get(url)).rawPayload;
      // Segment i decrypts (padding and all) with IV i, its media sequence number…
      const decipher = createDecipheriv('aes-128-cbc', key, sequenceIv(i));
      const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
      expect(plain[0]).toBe(0x47);
      expect(plain.subarray(0, 16)).toEqual(firstBlock(bytes, i));
      // …and not with one IV shared by every segment (the old all-zero IV).
      if (i > 0) expect(firstBlock(bytes, 0)).not.toEqual(plain.subarray(0, 16));
    }
  });

  it('give every variant the same audio layout and segment boundaries (mono, 10 s GOP source)', async () => {
    const source = join(lib, 'anime/Plain Signal/Plain Signal - 01.mp4');
    expect(await keyframesOnGrid(source, 4, 12_000)).toBe(false);
    const answer = await play(viewers.guest, ep.layout);
    const masterUrl = answer.data!.master_url;
    const master = parse((await get(masterUrl)).body);
    expect(master.playlists!.map((p) => p.attributes.RESOLUTION!.height)).toEqual([480, 360]);
    const scratch = mkdtempSync(join(tmpdir(), 'dm51-hls-seg-'));
    const layouts: { durations: number[]; channels: string[] }[] = [];
    for (const [v, playlist] of master.playlists!.entries()) {
      const variantUrl = resolve(playlist.uri, masterUrl);
      const media = parse((await get(variantUrl)).body);
      const channels: string[] = [];
      for (const [i, segment] of media.segments.entries()) {
        const file = join(scratch, `${v}-${i}.ts`);
        writeFileSync(file, (await get(resolve(segment.uri, variantUrl))).rawPayload);
        channels.push(
          execFileSync('/usr/bin/ffprobe', [
            ...[
              '-v',
              'error',
              '-select_streams',
              'a:0',
              '-show_entries',
              'stream=channels',
              '-of',
              'csv=p=0',
            ],
            file,
          ])
            .toString()
            .trim()
            .split('\n')[0]!,
        );
        // Every segment decodes.
        ffmpeg(['-i', file, '-f', 'null', '-']);
      }
      layouts.push({ durations: media.segments.map((s) => Math.round(s.duration * 10) / 10), channels });
    }
    rmSync(scratch, { recursive: true, force: true });
    expect(layouts[0]!.durations).toEqual([4, 4, 4]);
    expect(layouts[1]).toEqual(layouts[0]);
    expect(layouts[0]!.channels.every((c) => c === '2')).toBe(true);
  }, 60_000);

  it('copy an H.264 source whose keyframes sit on the segment grid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dm51-gop-'));
    const file = join(dir, 'aligned.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=24:duration=9'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-g',
        '48',
        '-keyint_min',
        '48',
        '-sc_threshold',
        '0',
        file,
      ],
    ]);
    expect(await keyframesOnGrid(file, 4, 9_000)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});
