/**
 * Live watching of LIBRARY_DIR through the real server app: real folder, real inotify events, real
 * import worker and database. Settle and debounce times are short so the suite stays quick.
 */
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ledgerEntryCount, ledgerViolations, registeredUser, topUp } from '../testing/money-factory.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../testing/test-app.js';
import { createTestClient } from '../testing/test-client.js';
import { importInto } from '../testing/import-into.js';
import type { ImportJob } from './import-job.js';
import type { LibraryWatchConfig } from './library-watch-config.js';
import { chaptersOfWork } from './testing/catalogue-rows.js';
import { holdDatabaseImportLock } from './testing/hold-import-lock.js';
import { writeCbt, writeCbz } from './testing/library-fixtures.js';
import { lockPath } from './import-lock.js';
import { scheduleStartupImports } from './startup-imports.js';

const WATCH: LibraryWatchConfig = { enabled: true, debounceMs: 200, settleMs: 800, scanIntervalMs: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A page of random pixels: it does not compress, so the archive is megabytes, not kilobytes. */
async function noisePage(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Writes `bytes` to `path` a small piece every `gapMs`, as another program's slow copy does: at least
 * `minPieces` pieces, and on until `goOn()` turns false (at most `maxPieces`); then the rest at once.
 * On a busy machine the watcher's first run comes later, and the copy waits for it still writing.
 */
async function copySlowly(
  bytes: Buffer,
  path: string,
  pace: { gapMs: number; minPieces: number; maxPieces: number; goOn: () => boolean },
): Promise<void> {
  const fd = openSync(path, 'w');
  try {
    const step = Math.ceil(bytes.length / (pace.maxPieces + 1));
    let offset = 0;
    for (let piece = 0; piece < pace.maxPieces; piece++) {
      if (piece >= pace.minPieces && !pace.goOn()) break;
      writeSync(fd, bytes, offset, step);
      offset += step;
      await sleep(pace.gapMs);
    }
    writeSync(fd, bytes, offset, bytes.length - offset);
  } finally {
    closeSync(fd);
  }
}

describe('watching LIBRARY_DIR', () => {
  let ctx: TestApp;
  let lib: string;
  let staging: string;
  const series = () => join(lib, 'comics', 'Slow Boat');
  const jobs = () => ctx.app.services.imports.listLocal();
  const idle = () => jobs().every((job) => job.state === 'done' || job.state === 'failed');
  const work = () =>
    ctx.db.selectFrom('works').selectAll().where('title', '=', 'Slow Boat').executeTakeFirst();
  /** Jobs started after `known`, once all of them have finished and none came for `quietMs`. */
  async function settledJobsAfter(known: number, quietMs = 1_500): Promise<ImportJob[]> {
    let last = -1;
    let stableSince = Date.now();
    await until('the imports to go quiet', async () => {
      const count = jobs().length;
      if (count !== last || !idle()) {
        last = count;
        stableSince = Date.now();
        return false;
      }
      return Date.now() - stableSince >= quietMs;
    });
    return jobs().filter((job) => job.id > known);
  }

  beforeAll(async () => {
    lib = mkdtempSync(join(tmpdir(), 'dm51-watch-lib-'));
    staging = mkdtempSync(join(tmpdir(), 'dm51-watch-staging-'));
    mkdirSync(join(lib, 'comics'), { recursive: true });
    ctx = await buildTestApp({ libraryDir: lib, libraryWatch: WATCH });
    await scheduleStartupImports(ctx.app);
    await settledJobsAfter(0);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    rmSync(lib, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  });

  it('imports a large archive copied in slowly once, complete, with no failure on the way', async () => {
    expect(ctx.app.services.imports.watching()).toEqual([lib]);
    // A TAR comic: read half-written it would open fine with only its first pages.
    const source = join(staging, 'Slow Boat c001.cbt');
    const extra = await Promise.all(
      [1, 2].map(async (i) => ({ name: `p1${i}.png`, data: await noisePage(700, 1000), store: true })),
    );
    await writeCbt(source, { pages: 10, size: [300, 450], extra });
    const bytes = readFileSync(source);
    expect(bytes.length).toBeGreaterThan(4_000_000);

    const before = jobs().length;
    mkdirSync(series());
    // At least 5 s of writing, longer than a run waits for a file to settle, and on until a run has
    // come while the copy is still going.
    await copySlowly(bytes, join(series(), 'Slow Boat c001.cbt'), {
      gapMs: 250,
      minPieces: 20,
      maxPieces: 80,
      goOn: () => !jobs().some((job) => job.id > before && job.startedAt !== null),
    });
    const copied = Date.now();
    const boat = await until('the comic to appear', work);
    const during = await settledJobsAfter(before);

    const chapters = await chaptersOfWork(ctx.db, boat.id);
    expect(chapters).toHaveLength(1);
    expect(chapters[0]!.page_count).toBe(12);
    expect(boat.chapter_count).toBe(1);
    // Imported once: one run added the chapter, none rewrote it, none recorded a failure.
    expect(during.every((job) => job.state === 'done')).toBe(true);
    const sum = (pick: (job: ImportJob) => number) => during.reduce((n, job) => n + pick(job), 0);
    expect(sum((job) => job.summary!.chapters.added)).toBe(1);
    expect(sum((job) => job.summary!.chapters.updated)).toBe(0);
    expect(sum((job) => job.summary!.files.failed)).toBe(0);
    // And an import did run while the file was half-written: it waited, or left it for later.
    expect(during.some((job) => job.startedAt! < copied)).toBe(true);
    const files = await ctx.db.selectFrom('library_files').select(['path', 'status', 'size']).execute();
    expect(files).toEqual([expect.objectContaining({ status: 'ok', size: bytes.length })]);
  }, 90_000);

  it('tells the followers of a work about a chapter dropped into its folder', async () => {
    const boat = await work();
    const time = Math.floor(Date.now() / 1000);
    const { user: follower } = await ctx.app.services.guests.init({
      deviceid: 'watch-follower',
      facility: 'Linux_h5',
    });
    const { user: bystander } = await ctx.app.services.guests.init({
      deviceid: 'watch-other',
      facility: 'Linux_h5',
    });
    await ctx.db
      .insertInto('follows')
      .values({ user_id: follower.id, work_id: boat!.id, created_time: time })
      .execute();

    await writeCbz(join(series(), 'Slow Boat c002.cbz'), { pages: 3 });
    const messagesFor = (userId: number) =>
      ctx.db.selectFrom('messages').selectAll().where('user_id', '=', userId).execute();
    const received = await until('the follower to be told', async () => {
      const rows = await messagesFor(follower.id);
      return rows.length > 0 && rows;
    });
    expect(received).toEqual([expect.objectContaining({ work_id: boat!.id, title: 'Slow Boat' })]);
    expect(await messagesFor(bystander.id)).toEqual([]);
    const chapters = await chaptersOfWork(ctx.db, boat!.id);
    expect(chapters.map((c) => [c.number, c.page_count])).toEqual([
      ['1', 12],
      ['2', 3],
    ]);
  }, 60_000);

  it('reads a replaced file again: the same chapter with its new pages, and no news for followers', async () => {
    const boat = (await work())!;
    const [, second] = await chaptersOfWork(ctx.db, boat.id);
    const told = await ctx.db.selectFrom('messages').select('id').execute();
    await writeCbz(join(series(), 'Slow Boat c002.cbz'), { pages: 5, size: [80, 120] });
    await until('the new pages', async () => {
      const chapters = await chaptersOfWork(ctx.db, boat.id);
      return chapters[1]?.page_count === 5;
    });
    const chapters = await chaptersOfWork(ctx.db, boat.id);
    expect(chapters.map((c) => [c.id, c.page_count])).toEqual([
      [chapters[0]!.id, 12],
      [second!.id, 5],
    ]);
    const pages = await ctx.db
      .selectFrom('pages')
      .select('page_index')
      .where('chapter_id', '=', second!.id)
      .execute();
    expect(pages).toHaveLength(5);
    await settledJobsAfter(0);
    expect(await ctx.db.selectFrom('messages').select('id').execute()).toEqual(told);
  }, 60_000);

  it('turns a burst of new files into few imports', async () => {
    const before = jobs().length;
    const folder = join(lib, 'comics', 'Many Steps');
    for (let i = 1; i <= 12; i++) {
      await writeCbz(join(folder, `Many Steps c${String(i).padStart(3, '0')}.cbz`), { pages: 2 });
      await sleep(30);
    }
    const steps = await until('the burst to be imported', async () => {
      const row = await ctx.db
        .selectFrom('works')
        .selectAll()
        .where('title', '=', 'Many Steps')
        .executeTakeFirst();
      return row?.chapter_count === 12 && row;
    });
    const runs = await settledJobsAfter(before);
    expect(steps.chapter_count).toBe(12);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(3);
    expect(runs.reduce((n, job) => n + job.summary!.chapters.added, 0)).toBe(12);
  }, 60_000);

  it('waits for an import another process is running (the CLI beside the server), then imports', async () => {
    // SQLite: the lock file names a live process that is not this server. PostgreSQL: another
    // connection (another instance, or the CLI) holds the catalogue's advisory lock.
    const url = testDatabaseUrl();
    const held = url ? await holdDatabaseImportLock(ctx.db, url) : null;
    if (!held) writeFileSync(lockPath(ctx.config.dataDir), '1');
    const before = jobs().length;
    try {
      await writeCbz(join(lib, 'comics', 'Late Comer', 'Late Comer c001.cbz'), { pages: 2 });
      const busy = await until('the busy run', async () =>
        jobs().find((job) => job.id > before && job.state === 'failed'),
      );
      expect(busy.reason).toMatch(
        held
          ? /another import is running \(on another server instance\)/
          : /another import is running \(process 1\)/,
      );
      // Another instance importing (PostgreSQL) leaves no failed job in the console's list: its run
      // covers the shared folder. A CLI import beside the server (SQLite) is shown as the reason.
      const listed = await until('the busy job to be settled in the list', async () => {
        const rows = await ctx.app.services.imports.list();
        const row = rows.find((job) => job.id === busy.id);
        return held ? !row && { row: null } : row?.state === 'failed' && { row };
      });
      if (held) expect(listed.row).toBeNull();
      else expect(listed.row?.reason).toMatch(/another import is running \(process 1\)/);
    } finally {
      if (held) await held.release();
      else rmSync(lockPath(ctx.config.dataDir), { force: true });
    }
    const late = await until('the retry to import it', async () =>
      ctx.db.selectFrom('works').select('chapter_count').where('title', '=', 'Late Comer').executeTakeFirst(),
    );
    expect(late).toEqual({ chapter_count: 1 });
  }, 60_000);

  it('takes a deleted file’s chapters away, then the work with its last file; purchases stay in the ledger', async () => {
    const boat = (await work())!;
    const [first, second] = await chaptersOfWork(ctx.db, boat.id);
    // A reader buys chapter 2 with coins (made a coin chapter for the purpose).
    await ctx.db.updateTable('works').set({ chapter_price: 5 }).where('id', '=', boat.id).execute();
    await ctx.db.updateTable('chapters').set({ pay: 1 }).where('id', '=', second!.id).execute();
    const buyer = await registeredUser(ctx.db, createTestClient(ctx));
    const money = ctx.app.services.money;
    await topUp(ctx.db, money, buyer.userId, { coins: 20 });
    await money.unlocks.buy(buyer.userId, 'comic/buy', 0, second!.id, 1, 'watch-buy-1');
    const entries = await ledgerEntryCount(ctx.db, buyer.userId);
    expect((await money.unlocks.purchases(buyer.userId, 1, 20)).total).toBe(1);
    // And was half-way through it.
    const place = { workId: boat.id, chapterId: second!.id, pageIndex: 2, position: 0, percent: 60 };
    await ctx.app.services.history.save(buyer.userId, 0, place);

    unlinkSync(join(series(), 'Slow Boat c002.cbz'));
    await until('the chapter to go', async () => (await work())?.chapter_count === 1);
    expect((await chaptersOfWork(ctx.db, boat.id)).map((c) => c.id)).toEqual([first!.id]);
    // What was paid for is still on record, though the chapter is gone, and the books balance.
    const unlocks = await ctx.db
      .selectFrom('chapter_unlocks')
      .selectAll()
      .where('user_id', '=', buyer.userId)
      .execute();
    expect(unlocks).toEqual([expect.objectContaining({ chapter_id: second!.id, coins: 5 })]);
    expect(await ledgerEntryCount(ctx.db, buyer.userId)).toBe(entries);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
    // The purchase list shows what can still be opened; the reader keeps the work in their history,
    // at the chapter before the removed one.
    expect(await money.unlocks.purchases(buyer.userId, 1, 20)).toEqual({ list: [], total: 0 });
    const history = await ctx.app.services.history.list(buyer.userId, 0, 1, 20);
    expect(history.total).toBe(1);
    expect(
      await ctx.db.selectFrom('reading_history').select(['chapter_id', 'page_index', 'percent']).execute(),
    ).toEqual([{ chapter_id: first!.id, page_index: 0, percent: 0 }]);
    expect(
      await ctx.db.selectFrom('users').select('coins').where('id', '=', buyer.userId).executeTakeFirst(),
    ).toEqual({
      coins: 15,
    });

    rmSync(series(), { recursive: true });
    await until('the work to go', async () => (await work()) === undefined);
    expect(await chaptersOfWork(ctx.db, boat.id)).toEqual([]);
    const paths = await ctx.db.selectFrom('library_files').select('path').execute();
    expect(paths.filter((row) => row.path.includes('Slow Boat'))).toEqual([]);
    // A work that is gone leaves histories too; the money record stays.
    expect(await ctx.db.selectFrom('reading_history').select('work_id').execute()).toEqual([]);
    expect(await ledgerEntryCount(ctx.db, buyer.userId)).toBe(entries);
  }, 60_000);

  it('removes nothing when the whole folder empties at once (an unmounted share)', async () => {
    const before = jobs().length;
    rmSync(join(lib, 'comics'), { recursive: true });
    const [refused] = await settledJobsAfter(before);
    expect(refused).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/is empty .*nothing was removed/),
    });
    const run = await ctx.db
      .selectFrom('import_runs')
      .select(['status', 'reason'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(run).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/^the library folder .* is empty/),
    });
    const steps = await ctx.db
      .selectFrom('works')
      .select(['chapter_count'])
      .where('title', '=', 'Many Steps')
      .execute();
    expect(steps).toEqual([{ chapter_count: 12 }]);
  }, 60_000);
});

describe('a server import with a settle period', () => {
  let ctx: TestApp;
  let lib: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    lib = mkdtempSync(join(tmpdir(), 'dm51-settle-lib-'));
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(lib, { recursive: true, force: true });
  });

  it('waits for a file that has just been written, then reads it whole', async () => {
    await writeCbz(join(lib, 'comics/Fresh/Fresh c001.cbz'), { pages: 4 });
    const started = Date.now();
    const summary = await importInto(ctx, lib, { settleMs: 600 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(summary.files).toMatchObject({ imported: 1, deferred: 0, failed: 0 });
    expect(summary.chapters.added).toBe(1);
  });

  it('leaves a file that keeps growing for a later run, recording no failure', async () => {
    const source = join(lib, 'staging.bin');
    await writeCbz(source, { pages: 6 });
    const bytes = readFileSync(source);
    unlinkSync(source);
    const target = join(lib, 'comics/Fresh/Fresh c002.cbz');
    let importing = true;
    const copy = copySlowly(bytes, target, {
      gapMs: 100,
      minPieces: 25,
      maxPieces: 300,
      goOn: () => importing,
    });
    await sleep(150);
    const during = await importInto(ctx, lib, { settleMs: 300 });
    importing = false;
    await copy;
    expect(during.files).toMatchObject({ imported: 0, deferred: 1, failed: 0 });
    expect(during.failed).toEqual([]);
    const rows = await ctx.db.selectFrom('library_files').select('path').execute();
    expect(rows.map((row) => row.path.replace(/^\d+\//, ''))).toEqual(['comics/Fresh/Fresh c001.cbz']);

    const after = await importInto(ctx, lib, { settleMs: 300 });
    expect(after.files).toMatchObject({ imported: 1, deferred: 0, failed: 0 });
    const fresh = await ctx.db
      .selectFrom('works')
      .select(['id'])
      .where('title', '=', 'Fresh')
      .executeTakeFirstOrThrow();
    expect((await chaptersOfWork(ctx.db, fresh.id)).map((c) => c.page_count)).toEqual([4, 6]);
  }, 30_000);

  it('refuses an emptied folder when asked to keep the catalogue, and empties it from the CLI', async () => {
    rmSync(join(lib, 'comics'), { recursive: true });
    await expect(importInto(ctx, lib, { settleMs: 300, keepWhenEmpty: true })).rejects.toThrow(
      /nothing was removed/,
    );
    expect(await ctx.db.selectFrom('chapters').select('id').execute()).toHaveLength(2);
    const summary = await importInto(ctx, lib);
    expect(summary.files.removed).toBe(2);
    expect(await ctx.db.selectFrom('works').select('id').execute()).toEqual([]);
  });
});

describe('when the library is not watched', () => {
  let ctx: TestApp | null = null;
  afterEach(async () => {
    await ctx?.close();
    ctx = null;
  });

  it('watches nothing without LIBRARY_DIR', async () => {
    ctx = await buildTestApp({ libraryDir: null, libraryWatch: WATCH, demoLibrary: false });
    await scheduleStartupImports(ctx.app);
    expect(ctx.app.services.imports.watching()).toEqual([]);
    expect(ctx.app.services.imports.listLocal()).toEqual([]);
  });

  it('imports at start only with LIBRARY_WATCH off', async () => {
    const lib = mkdtempSync(join(tmpdir(), 'dm51-nowatch-lib-'));
    try {
      ctx = await buildTestApp({ libraryDir: lib, libraryWatch: { ...WATCH, enabled: false } });
      await scheduleStartupImports(ctx.app);
      expect(ctx.app.services.imports.watching()).toEqual([]);
      const [job] = ctx.app.services.imports.listLocal();
      await ctx.app.services.imports.waitFor(job!.id);
      await writeCbz(join(lib, 'comics/Unseen/Unseen c001.cbz'), { pages: 2 });
      await sleep(WATCH.debounceMs + WATCH.settleMs + 1_000);
      expect(ctx.app.services.imports.listLocal()).toHaveLength(1);
      expect(await ctx.db.selectFrom('works').select('id').execute()).toEqual([]);
    } finally {
      rmSync(lib, { recursive: true, force: true });
    }
  }, 30_000);

  it('runs the safety scan on its own, with no change to report', async () => {
    const lib = mkdtempSync(join(tmpdir(), 'dm51-scan-lib-'));
    try {
      ctx = await buildTestApp({ libraryDir: lib, libraryWatch: { ...WATCH, scanIntervalMs: 500 } });
      await scheduleStartupImports(ctx.app);
      await until('two safety scans', async () => {
        const done = ctx!.app.services.imports.listLocal().filter((job) => job.state === 'done');
        return done.length >= 3;
      });
    } finally {
      rmSync(lib, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('LIBRARY_WATCH and friends', () => {
  it('watch by default, with the documented defaults, and refuse nonsense', () => {
    expect(loadConfig({}).libraryWatch).toEqual({
      enabled: true,
      debounceMs: 2_000,
      settleMs: 5_000,
      scanIntervalMs: 900_000,
    });
    expect(
      loadConfig({ LIBRARY_WATCH: 'off', LIBRARY_SETTLE_MS: '0', LIBRARY_SCAN_INTERVAL_S: '0' }).libraryWatch,
    ).toMatchObject({ enabled: false, settleMs: 0, scanIntervalMs: 0 });
    expect(() => loadConfig({ LIBRARY_WATCH: 'maybe' })).toThrow(/LIBRARY_WATCH must be on or off/);
    expect(() => loadConfig({ LIBRARY_WATCH_DEBOUNCE_MS: '-5' })).toThrow(/LIBRARY_WATCH_DEBOUNCE_MS/);
  });
});
