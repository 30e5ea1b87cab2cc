/**
 * Library folders managed in the console: path checks (not absolute, missing, a file, inside or
 * around DATA_DIR, LIBRARY_DIR or another folder, already a folder) refused with a clear message
 * and nothing written; only an admin changes folders; every change audited; an added folder is
 * scanned at once by the real importer and its runs listed per folder; the kind and watching
 * switches; watching runs on the one instance holding the lease; a folder removed keeps its works
 * unless the operator asks, and then they leave the catalogue.
 * Runs on SQLite and PostgreSQL (DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryFolderWatch } from '../import/library-folder-watch.js';
import { LIBRARY_WATCH_DEFAULTS } from '../import/library-watch-config.js';
import { walkLibrary } from '../import/library-walker.js';
import { writeCbz } from '../import/testing/library-fixtures.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

let ctx: TestApp;
let admin: OperatorSession;
let viewer: OperatorSession;
let moderator: OperatorSession;
let libraryDir: string;
let outside: string;

interface FolderView {
  id: number | null;
  root: string;
  isLibraryDir: boolean;
  addedInConsole: boolean;
  kind: string | null;
  watch: boolean;
  files: number;
  works: number;
  lastRun: { status: string } | null;
}

const auditRows = (action: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const folders = async () =>
  (
    await adminRequest<{ data: { folders: FolderView[] } }>(ctx.app, 'GET', '/library/folders', {
      session: viewer,
    })
  ).body.data.folders;

const waitForJob = async (id: number) => {
  for (;;) {
    const job = await adminRequest<{
      data: { state: string; summary: { files: Record<string, number> } | null };
    }>(ctx.app, 'GET', `/library/jobs/${id}`, { session: viewer });
    if (job.body.data.state === 'done' || job.body.data.state === 'failed') return job.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const workTitles = async () =>
  (await ctx.db.selectFrom('works').select('title').orderBy('title').execute()).map((w) => w.title);

beforeAll(async () => {
  libraryDir = mkdtempSync(join(tmpdir(), 'dm51-folders-libdir-'));
  outside = mkdtempSync(join(tmpdir(), 'dm51-folders-added-'));
  // A folder without comics/ novels/ anime/: its kind is chosen in the console.
  await writeCbz(join(outside, 'Lantern Road', 'Lantern Road 001.cbz'), { pages: 2 });
  await writeCbz(join(outside, 'Lantern Road', 'Lantern Road 002.cbz'), { pages: 2 });
  writeFileSync(join(outside, 'notes.txt.bak'), 'not a book');
  ctx = await buildTestApp({ libraryDir });
  admin = await signedIn(ctx.app, 'admin');
  viewer = await signedIn(ctx.app, 'viewer');
  moderator = await signedIn(ctx.app, 'moderator');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(libraryDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('library folders', () => {
  it('refuses bad paths and other roles with a clear message, writing nothing', async () => {
    const file = join(outside, 'notes.txt.bak');
    mkdirSync(join(libraryDir, 'inner'), { recursive: true });
    mkdirSync(join(ctx.config.dataDir, 'inside'), { recursive: true });
    const cases: [unknown, number, RegExp][] = [
      [{ path: 'relative/folder' }, 400, /absolute path/],
      [{ path: join(outside, 'missing') }, 400, /no folder/],
      [{ path: file }, 400, /is a file/],
      [{ path: join(ctx.config.dataDir, 'inside') }, 400, /inside the data directory/],
      [{ path: join(ctx.config.dataDir, '..') }, 400, /holds the data directory/],
      [{ path: libraryDir }, 409, /already a library folder/],
      [{ path: join(libraryDir, 'inner') }, 409, /inside the library folder/],
      [{ path: outside, kind: 'manga' }, 400, /./],
      [{}, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const answer = await adminRequest<{ msg?: string; message?: string }>(
        ctx.app,
        'POST',
        '/library/folders',
        {
          session: admin,
          body,
        },
      );
      expect([answer.status, JSON.stringify(answer.body)]).toEqual([status, expect.stringMatching(message)]);
    }
    for (const session of [viewer, moderator]) {
      const refused = await adminRequest(ctx.app, 'POST', '/library/folders', {
        session,
        body: { path: outside },
      });
      expect(refused.status).toBe(403);
    }
    expect((await folders()).map((f) => f.root)).toEqual([libraryDir]);
    expect(await auditRows('library.folder_add')).toEqual([]);
    expect(ctx.app.services.imports.listLocal()).toEqual([]);
  });

  it('adds a folder, scans it with the real importer, and lists its runs on their own', async () => {
    const added = await adminRequest<{ data: { id: number; root: string; job: { id: number } } }>(
      ctx.app,
      'POST',
      '/library/folders',
      { session: admin, body: { path: outside, kind: 'comic', watch: false } },
    );
    expect(added.status).toBe(200);
    const job = await waitForJob(added.body.data.job.id);
    expect(job.state).toBe('done');
    expect(job.summary!.files).toMatchObject({ imported: 2, failed: 0 });
    expect(await workTitles()).toContain('Lantern Road');

    const listed = (await folders()).find((f) => f.id === added.body.data.id)!;
    expect(listed).toMatchObject({
      root: added.body.data.root,
      isLibraryDir: false,
      addedInConsole: true,
      kind: 'comic',
      watch: false,
      files: 2,
      works: 1,
      lastRun: { status: 'done' },
    });
    // The counts follow every finished run (the list keeps them between runs).
    const scanFolder = async () => {
      const scan = await adminRequest<{ data: { id: number } }>(ctx.app, 'POST', '/library/scan', {
        session: admin,
        body: { libraryId: added.body.data.id },
      });
      expect((await waitForJob(scan.body.data.id)).state).toBe('done');
    };
    const broken = join(outside, 'Lantern Road', 'Lantern Road 003.cbz');
    writeFileSync(broken, 'not a zip archive');
    await scanFolder();
    expect((await folders()).find((f) => f.id === added.body.data.id)).toMatchObject({
      files: 3,
      failedFiles: 1,
      works: 1,
    });
    rmSync(broken);
    await scanFolder();
    expect((await folders()).find((f) => f.id === added.body.data.id)).toMatchObject({
      files: 2,
      failedFiles: 0,
      works: 1,
    });
    const runs = await adminRequest<{ data: { library_id: number }[]; total: number }>(
      ctx.app,
      'GET',
      `/library/runs?libraryId=${added.body.data.id}`,
      { session: viewer },
    );
    expect(runs.body.total).toBe(3);
    expect(runs.body.data.every((run) => run.library_id === added.body.data.id)).toBe(true);
    const [audit] = await auditRows('library.folder_add');
    expect(JSON.parse(audit!.after_json)).toMatchObject({ kind: 'comic', watch: false });

    // Added twice, or a folder inside it: refused.
    const again = await adminRequest(ctx.app, 'POST', '/library/folders', {
      session: admin,
      body: { path: outside },
    });
    expect(again.status).toBe(409);
    const nested = await adminRequest(ctx.app, 'POST', '/library/folders', {
      session: admin,
      body: { path: join(outside, 'Lantern Road') },
    });
    expect(nested.status).toBe(409);
  }, 120_000);

  it('the kind stands where the layout says nothing', async () => {
    const mixed = mkdtempSync(join(tmpdir(), 'dm51-folders-kind-'));
    try {
      await writeCbz(join(mixed, 'comics', 'Shore', 'Shore 001.cbz'));
      await writeCbz(join(mixed, 'Loose', 'Loose 001.cbz'));
      const { units } = await walkLibrary(mixed, 'novel');
      expect(units.map((u) => [u.rel, u.layoutKind])).toEqual([
        ['Loose/Loose 001.cbz', 'novel'],
        ['comics/Shore/Shore 001.cbz', 'comic'],
      ]);
    } finally {
      rmSync(mixed, { recursive: true, force: true });
    }
  });

  it('switches watching and kind (audited); LIBRARY_DIR is the environment’s', async () => {
    const folder = (await folders()).find((f) => f.addedInConsole)!;
    const refused = await adminRequest(ctx.app, 'PUT', `/library/folders/${folder.id}`, {
      session: viewer,
      body: { watch: true },
    });
    expect(refused.status).toBe(403);
    const empty = await adminRequest(ctx.app, 'PUT', `/library/folders/${folder.id}`, {
      session: admin,
      body: {},
    });
    expect(empty.status).toBe(400);

    const watched = await adminRequest<{ data: { job: unknown } }>(
      ctx.app,
      'PUT',
      `/library/folders/${folder.id}`,
      {
        session: admin,
        body: { watch: true },
      },
    );
    expect(watched.status).toBe(200);
    expect(watched.body.data.job).toBeNull();
    // The one instance holding the lease watches it.
    const watch = await ctx.app.services.imports.watchFolders(LIBRARY_WATCH_DEFAULTS, libraryDir);
    expect(watch.roots()).toEqual([folder.root]);
    expect(ctx.app.services.imports.watching()).toContain(folder.root);

    const rekind = await adminRequest<{ data: { job: { id: number } | null } }>(
      ctx.app,
      'PUT',
      `/library/folders/${folder.id}`,
      { session: admin, body: { kind: null, watch: false } },
    );
    // A new kind re-reads every file.
    expect((await waitForJob(rekind.body.data.job!.id)).summary!.files).toMatchObject({ imported: 2 });
    expect(ctx.app.services.imports.watching()).not.toContain(folder.root);
    const audits = await auditRows('library.folder_update');
    expect(audits.map((a) => [JSON.parse(a.before_json), JSON.parse(a.after_json)])).toEqual([
      [
        { kind: 'comic', watch: false },
        { kind: 'comic', watch: true },
      ],
      [
        { kind: 'comic', watch: true },
        { kind: null, watch: false },
      ],
    ]);

    // LIBRARY_DIR, once the importer knows it, cannot be changed or removed here.
    const scan = await adminRequest<{ data: { id: number } }>(ctx.app, 'POST', '/library/scan', {
      session: admin,
      body: {},
    });
    await waitForJob(scan.body.data.id);
    const configured = (await folders()).find((f) => f.isLibraryDir)!;
    expect(configured.id).not.toBeNull();
    for (const [method, url, body] of [
      ['PUT', `/library/folders/${configured.id}`, { watch: false }],
      ['POST', `/library/folders/${configured.id}/remove`, { removeWorks: false }],
    ] as const) {
      const answer = await adminRequest(ctx.app, method, url, { session: admin, body });
      expect([answer.status, JSON.stringify(answer.body)]).toEqual([
        409,
        expect.stringMatching(/LIBRARY_DIR/),
      ]);
    }
  }, 120_000);

  it('watching runs on one instance: the lease holder', async () => {
    const log = pino({ level: 'silent' });
    const watched: string[][] = [[], []];
    const queue = (i: number) => ({
      watch: async (root: string) => {
        watched[i]!.push(root);
        return {} as never;
      },
      unwatch: async (root: string) => {
        watched[i] = watched[i]!.filter((r) => r !== root);
      },
    });
    await ctx.db.updateTable('import_libraries').set({ watch: 1 }).where('console', '=', 1).execute();
    const a = new LibraryFolderWatch(ctx.db, queue(0), LIBRARY_WATCH_DEFAULTS, 'instance-a', log, libraryDir);
    const b = new LibraryFolderWatch(ctx.db, queue(1), LIBRARY_WATCH_DEFAULTS, 'instance-b', log, libraryDir);
    // The app's own watch holds the lease from the test above: it lets it go first.
    await ctx.db.deleteFrom('leases').execute();
    await a.refresh();
    await b.refresh();
    expect(watched.map((w) => w.length)).toEqual([1, 0]);
    // a stops: b takes over once a's lease is gone.
    await a.close();
    await b.refresh();
    expect(watched[1]).toHaveLength(1);
    await b.close();
    await ctx.db.updateTable('import_libraries').set({ watch: 0 }).where('console', '=', 1).execute();
  });

  it('removes a folder keeping its works, or with them when asked', async () => {
    const folder = (await folders()).find((f) => f.addedInConsole)!;
    const refused = await adminRequest(ctx.app, 'POST', `/library/folders/${folder.id}/remove`, {
      session: viewer,
      body: { removeWorks: true },
    });
    expect(refused.status).toBe(403);
    const unconfirmed = await adminRequest(ctx.app, 'POST', `/library/folders/${folder.id}/remove`, {
      session: admin,
      body: {},
    });
    expect(unconfirmed.status).toBe(400);

    const kept = await adminRequest<{ data: { works: number; job: unknown } }>(
      ctx.app,
      'POST',
      `/library/folders/${folder.id}/remove`,
      { session: admin, body: { removeWorks: false } },
    );
    expect(kept.body.data).toMatchObject({ works: 1, job: null });
    expect(await workTitles()).toContain('Lantern Road');
    expect((await folders()).some((f) => f.id === folder.id)).toBe(false);
    const scanRemoved = await adminRequest(ctx.app, 'POST', '/library/scan', {
      session: admin,
      body: { libraryId: folder.id },
    });
    expect(scanRemoved.status).toBe(404);

    // Added again: the same row comes back, its files still known (nothing to import).
    const again = await adminRequest<{ data: { id: number; job: { id: number } } }>(
      ctx.app,
      'POST',
      '/library/folders',
      { session: admin, body: { path: outside, watch: false } },
    );
    expect(again.body.data.id).toBe(folder.id);
    expect((await waitForJob(again.body.data.job.id)).summary!.files).toMatchObject({
      imported: 0,
      unchanged: 2,
    });

    const gone = await adminRequest<{ data: { job: { id: number } } }>(
      ctx.app,
      'POST',
      `/library/folders/${folder.id}/remove`,
      { session: admin, body: { removeWorks: true } },
    );
    expect((await waitForJob(gone.body.data.job.id)).state).toBe('done');
    expect(await workTitles()).not.toContain('Lantern Road');
    const audits = await auditRows('library.folder_remove');
    expect(audits.map((a) => JSON.parse(a.after_json))).toEqual([
      { removeWorks: false },
      { removeWorks: true },
    ]);
    expect(JSON.parse(audits[0]!.before_json)).toMatchObject({ files: 2, works: 1 });
  }, 120_000);
});
