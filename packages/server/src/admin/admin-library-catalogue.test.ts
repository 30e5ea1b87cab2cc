/**
 * Library and Catalogue sections, seen from the app and the audit log: the library folders and
 * refused scans (role, unknown folder, wrong type) with nothing queued; a scan and a full rescan
 * through the real importer (job counts, history, the app's search); a
 * failed transcode job goes back to waiting; a work edited
 * to VIP with one free chapter locks the second chapter for a non-VIP reader; a new title shows in
 * the app's detail and search at once; an unpublished work leaves the app; the works list's total
 * follows works written straight into the database. Bad input changes nothing.
 * Runs on SQLite and PostgreSQL (DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterRow, WorkRow } from '../db/schema.js';
import { writeCbz } from '../import/testing/library-fixtures.js';
import { buildChapter, buildComicPages, buildWork } from '../testing/catalogue-factory.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let admin: OperatorSession;
let viewer: OperatorSession;
let reader: TestSession;
let libraryDir: string;
let comic: WorkRow;
const chapters: ChapterRow[] = [];

const auditRows = (action: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  libraryDir = mkdtempSync(join(tmpdir(), 'dm51-console-lib-'));
  await writeCbz(join(libraryDir, 'comics', 'Harbor Lights', 'Harbor Lights 001.cbz'), { pages: 2 });
  await writeCbz(join(libraryDir, 'comics', 'Harbor Lights', 'Harbor Lights 002.cbz'), { pages: 2 });
  ctx = await buildTestApp({ libraryDir });
  client = createTestClient(ctx);
  admin = await signedIn(ctx.app, 'admin');
  viewer = await signedIn(ctx.app, 'viewer');
  reader = await client.initGuest();
  comic = await buildWork(ctx.db, null, { title: 'Quiet Tide' });
  for (let i = 0; i < 3; i++) {
    const chapter = await buildChapter(ctx.db, { workId: comic.id });
    await buildComicPages(ctx.db, null, chapter.id, { count: 1 });
    chapters.push(chapter);
  }
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(libraryDir, { recursive: true, force: true });
});

describe('library', () => {
  it('lists LIBRARY_DIR; a scan needs admin and a known folder, and bad input changes nothing', async () => {
    const folders = await adminRequest<{ data: { libraryDir: string; folders: { root: string }[] } }>(
      ctx.app,
      'GET',
      '/library/folders',
      { session: viewer },
    );
    expect(folders.body.data.libraryDir).toBe(libraryDir);
    expect(folders.body.data.folders.map((f) => f.root)).toEqual([libraryDir]);

    const refused = await adminRequest(ctx.app, 'POST', '/library/scan', { session: viewer, body: {} });
    expect(refused.status).toBe(403);
    const unknown = await adminRequest(ctx.app, 'POST', '/library/scan', {
      session: admin,
      body: { libraryId: 999_999 },
    });
    expect(unknown.status).toBe(404);
    const wrongType = await adminRequest(ctx.app, 'POST', '/library/scan', {
      session: admin,
      body: { libraryId: 'all' },
    });
    expect(wrongType.status).toBe(400);
    expect(ctx.app.services.imports.listLocal()).toEqual([]);
    expect(await auditRows('library.scan')).toEqual([]);
  });

  it('a scan runs the real importer: the job reaches done with its counts, the history and the app show it; a full rescan re-reads every file', async () => {
    const scan = async (body: object) => {
      const started = await adminRequest<{ data: { id: number } }>(ctx.app, 'POST', '/library/scan', {
        session: admin,
        body,
      });
      expect(started.status).toBe(200);
      for (;;) {
        const job = await adminRequest<{
          data: { state: string; percent: number; summary: { files: Record<string, number> } | null };
        }>(ctx.app, 'GET', `/library/jobs/${started.body.data.id}`, { session: viewer });
        if (job.body.data.state === 'done' || job.body.data.state === 'failed') return job.body.data;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const first = await scan({});
    expect(first).toMatchObject({ state: 'done', percent: 100 });
    expect(first.summary!.files).toMatchObject({ imported: 2, failed: 0 });
    const search = await client.call<{ list: { name: string }[] }>(
      '/v3/search/index',
      { keyword: 'Harbor Lights' },
      { session: reader },
    );
    expect(search.data!.list.map((w) => w.name)).toContain('Harbor Lights');

    const folders = await adminRequest<{ data: { folders: { id: number; files: number }[] } }>(
      ctx.app,
      'GET',
      '/library/folders',
      { session: viewer },
    );
    const library = folders.body.data.folders[0]!;
    expect(library.files).toBe(2);
    expect((await scan({ libraryId: library.id })).summary!.files).toMatchObject({
      unchanged: 2,
      imported: 0,
    });
    expect((await scan({ libraryId: library.id, full: true })).summary!.files).toMatchObject({
      unchanged: 0,
      imported: 2,
    });

    const runs = await adminRequest<{
      data: { status: string; files: { imported: number } }[];
      total: number;
    }>(ctx.app, 'GET', '/library/runs', { session: viewer });
    expect(runs.body.total).toBe(3);
    expect(runs.body.data.map((r) => [r.status, r.files.imported])).toEqual([
      ['done', 2],
      ['done', 0],
      ['done', 2],
    ]);
    expect(await auditRows('library.scan')).toHaveLength(2);
    const [rescan] = await auditRows('library.rescan');
    expect(JSON.parse(rescan!.after_json)).toMatchObject({ full: true, filesToReread: 2 });
  }, 180_000);

  it('lists the transcode queue and retries only a failed job', async () => {
    const now = Math.floor(Date.now() / 1000);
    await ctx.db
      .insertInto('transcode_jobs')
      .values([
        {
          chapter_id: chapters[0]!.id,
          status: 'failed',
          progress: 0,
          reason: 'ffmpeg: invalid data',
          created_time: now,
          updated_time: now,
        },
        {
          chapter_id: chapters[1]!.id,
          status: 'processing',
          progress: 40,
          reason: '',
          created_time: now,
          updated_time: now,
        },
      ])
      .execute();
    const failed = await adminRequest<{ data: { chapterId: number; reason: string; workTitle: string }[] }>(
      ctx.app,
      'GET',
      '/library/transcodes?status=failed',
      { session: viewer },
    );
    expect(failed.body.data).toEqual([
      expect.objectContaining({
        chapterId: chapters[0]!.id,
        reason: 'ffmpeg: invalid data',
        workTitle: 'Quiet Tide',
      }),
    ]);
    const busy = await adminRequest(ctx.app, 'POST', `/library/transcodes/${chapters[1]!.id}/retry`, {
      session: admin,
    });
    expect(busy.status).toBe(409);
    const retried = await adminRequest(ctx.app, 'POST', `/library/transcodes/${chapters[0]!.id}/retry`, {
      session: admin,
    });
    expect(retried.status).toBe(200);
    const row = await ctx.db
      .selectFrom('transcode_jobs')
      .select(['status', 'reason'])
      .where('chapter_id', '=', chapters[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'waiting', reason: '' });
    const [audit] = await auditRows('transcode.retry');
    expect(JSON.parse(audit!.before_json)).toEqual({ status: 'failed', reason: 'ffmpeg: invalid data' });
    await ctx.db.deleteFrom('transcode_jobs').execute();
  });
});

describe('catalogue', () => {
  it('searches and filters works', async () => {
    const found = await adminRequest<{ data: { id: number }[]; total: number }>(
      ctx.app,
      'GET',
      '/catalogue/works?q=Quiet&kind=comic&published=1',
      { session: viewer },
    );
    expect(found.body.data.map((w) => w.id)).toEqual([comic.id]);
    const none = await adminRequest<{ total: number }>(ctx.app, 'GET', '/catalogue/works?q=Quiet&vip=1', {
      session: viewer,
    });
    expect(none.body.total).toBe(0);
  });

  it("the list's total follows works added and unpublished behind the console's back", async () => {
    const total = async (query: string) =>
      (
        await adminRequest<{ total: number }>(ctx.app, 'GET', `/catalogue/works?${query}`, {
          session: viewer,
        })
      ).body.total;
    const published = await total('published=1');
    expect(await total('q=Quiet')).toBe(1);
    // Written straight into the database, as the importer or an operator's SQL would.
    const reef = await buildWork(ctx.db, null, { title: 'Quiet Reef' });
    expect(await total('q=Quiet')).toBe(2);
    expect(await total('published=1')).toBe(published + 1);
    await ctx.db.updateTable('works').set({ published: 0 }).where('id', '=', reef.id).execute();
    expect(await total('published=1')).toBe(published);
    expect(await total('q=Quiet&published=0')).toBe(1);
    await ctx.db.deleteFrom('works').where('id', '=', reef.id).execute();
    expect(await total('q=Quiet')).toBe(1);
  });

  it('VIP with one free chapter locks the second chapter for a non-VIP reader', async () => {
    const open = await client.call('/v3/comic/read', { chapter_id: chapters[1]!.id }, { session: reader });
    expect(open.code).toBe(1);

    const edited = await adminRequest<{ data: { pay: string; freeChapters: number } }>(
      ctx.app,
      'PUT',
      `/catalogue/works/${comic.id}`,
      { session: admin, body: { pay: 'vip', freeChapters: 1 } },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ pay: 'vip', freeChapters: 1 });

    const first = await client.call('/v3/comic/read', { chapter_id: chapters[0]!.id }, { session: reader });
    expect(first.code).toBe(1);
    const locked = await client.call('/v3/comic/read', { chapter_id: chapters[1]!.id }, { session: reader });
    expect(locked.code).toBe(ApiCode.VIP_REQUIRED);

    const [audit] = await auditRows('work.edit');
    expect(audit).toMatchObject({ target_type: 'work', target_id: String(comic.id), operator_id: admin.id });
    expect(JSON.parse(audit!.before_json)).toEqual({ pay: 'free', freeChapters: 3 });
    expect(JSON.parse(audit!.after_json)).toEqual({ pay: 'vip', freeChapters: 1 });
  });

  it('a new title shows in the app at once; unpublishing removes the work from the app', async () => {
    // Warm the app's search cache with the old title first.
    const before = await client.call<{ list: { name: string }[] }>(
      '/v3/search/index',
      { keyword: 'Quiet Tide' },
      { session: reader },
    );
    expect(before.data!.list.map((w) => w.name)).toContain('Quiet Tide');

    await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: admin,
      body: { title: 'Silent Harbour', altTitles: ['静かな港'], status: 'finished', score: 9.1 },
    });
    const detail = await client.call<{ title: string }>(
      '/v3/comic/details',
      { id: comic.id },
      { session: reader },
    );
    expect(detail.data).toMatchObject({ name: 'Silent Harbour' });
    const search = await client.call<{ list: { name: string }[] }>(
      '/v3/search/index',
      { keyword: 'Silent Harbour' },
      { session: reader },
    );
    expect(search.data!.list.map((w) => w.name)).toContain('Silent Harbour');

    await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: admin,
      body: { published: false },
    });
    const gone = await client.call('/v3/comic/details', { id: comic.id }, { session: reader });
    expect(gone.code).not.toBe(1);
    const notFound = await client.call<{ list: { name: string }[] }>(
      '/v3/search/index',
      { keyword: 'Silent Harbour' },
      { session: reader },
    );
    expect(notFound.data!.list.map((w) => w.name)).not.toContain('Silent Harbour');
    await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: admin,
      body: { published: true },
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const count = (await auditRows('work.edit')).length;
    const cases: [string, unknown, number][] = [
      [`/catalogue/works/999999`, { title: 'X' }, 404],
      [`/catalogue/works/${comic.id}`, { title: '' }, 400],
      [`/catalogue/works/${comic.id}`, { score: 'high' }, 400],
      [`/catalogue/works/${comic.id}`, { freeChapters: -1 }, 400],
      [`/catalogue/works/${comic.id}`, { title: 'Ok', categoryIds: [999_999] }, 400],
      [`/catalogue/works/${comic.id}`, { coverKey: 'x' }, 400],
    ];
    for (const [url, body, status] of cases) {
      const answer = await adminRequest(ctx.app, 'PUT', url, { session: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
    }
    const work = await ctx.db
      .selectFrom('works')
      .select('title')
      .where('id', '=', comic.id)
      .executeTakeFirstOrThrow();
    expect(work.title).toBe('Silent Harbour');
    expect(await auditRows('work.edit')).toHaveLength(count);
    const viewerEdit = await adminRequest(ctx.app, 'PUT', `/catalogue/works/${comic.id}`, {
      session: viewer,
      body: { title: 'Nope' },
    });
    expect(viewerEdit.status).toBe(403);
  });
});
