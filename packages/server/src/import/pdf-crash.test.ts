/**
 * kill -9 in the middle of a PDF import, then the next run: the PDF is finished, its chapter has
 * every page exactly once, and nothing the killed run wrote is left over.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPdf, type PdfPageSpec } from '@dm51/library/testing/pdf-builder';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../media/local-media-store.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = ['--conditions=source', '--import', 'tsx', 'packages/server/src/cli/import.ts'];
const PAGES = 60;
const temp: string[] = [];
let lib: string;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

function env(dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'silent', IMAGE_XOR_KEY: '77' };
}

/** Files under a folder, recursively (the media store's objects). */
function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  }
  return n;
}

function rows<T>(dataDir: string, sqlText: string): T[] {
  const db = new SqliteDatabase(join(dataDir, 'app.db'), { readonly: true, timeout: 5000 });
  try {
    return db.prepare(sqlText).all() as T[];
  } finally {
    db.close();
  }
}

async function storedKeys(dataDir: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of new LocalMediaStore(join(dataDir, 'media')).keys()) keys.push(key);
  return keys.sort();
}

beforeAll(async () => {
  lib = tempDir('dm51-pdf-crash-lib-');
  // Every page different (so every page is its own stored object) and drawn by the renderer.
  const pages: PdfPageSpec[] = Array.from({ length: PAGES }, (_, i) => ({
    type: 'png',
    size: [900, 1350],
    hue: i,
  }));
  const path = join(lib, 'comics/Long Scroll/Long Scroll c001.pdf');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await buildPdf(pages));
}, 120_000);

afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('a PDF import killed with SIGKILL', () => {
  it('is finished by the next run: one chapter with every page once, no leftovers', async () => {
    const dataDir = tempDir('dm51-pdf-crash-data-');
    const child = spawn(process.execPath, [...CLI, lib], { cwd: REPO, env: env(dataDir), stdio: 'ignore' });
    const exited = new Promise((r) => child.once('exit', r));
    // Kill it once a good part of the pages are stored, well before the PDF's one commit.
    const media = join(dataDir, 'media', 'lib');
    const deadline = Date.now() + 120_000;
    let written = 0;
    while (Date.now() < deadline && child.exitCode === null) {
      written = countFiles(media);
      if (written >= 10) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await exited;
    expect(written).toBeGreaterThanOrEqual(10);
    expect(rows<{ n: number }>(dataDir, 'select count(*) n from chapters')[0]!.n).toBe(0);
    expect(rows(dataDir, "select id from import_runs where status = 'running'")).toHaveLength(1);
    expect(existsSync(join(dataDir, 'import.lock'))).toBe(true);

    const rerun = spawnSync(process.execPath, [...CLI, '--json', lib], {
      cwd: REPO,
      env: env(dataDir),
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(rerun.status).toBe(0);
    const out = JSON.parse(rerun.stdout);
    expect(out.counts.chapters).toMatchObject({ added: 1, failed: 0 });
    expect(out.failed).toEqual([]);

    const chapters = rows<{ id: number; page_count: number }>(dataDir, 'select id, page_count from chapters');
    expect(chapters).toEqual([{ id: expect.any(Number), page_count: PAGES }]);
    const pages = rows<{ page_index: number; media_key: string; width: number }>(
      dataDir,
      'select page_index, media_key, width from pages order by page_index',
    );
    expect(pages.map((p) => p.page_index)).toEqual(Array.from({ length: PAGES }, (_, i) => i));
    expect(new Set(pages.map((p) => p.media_key)).size).toBe(PAGES);
    expect(pages.every((p) => p.width === 1080)).toBe(true);
    // What the killed run stored and no row names is collected; everything stored is recorded.
    const referenced = rows<{ k: string }>(
      dataDir,
      "select media_key k from pages union select media_key from chapter_media union select cover_key from works where cover_key != ''",
    )
      .map((r) => r.k)
      .sort();
    expect(await storedKeys(dataDir)).toEqual(referenced);
    expect(
      rows<{ key: string }>(dataDir, 'select key from media_objects order by key').map((r) => r.key),
    ).toEqual(referenced);
    expect(
      rows<{ status: string }>(dataDir, 'select status from import_runs order by id').map((r) => r.status),
    ).toEqual(['interrupted', 'done']);
    expect(existsSync(join(dataDir, 'import.lock'))).toBe(false);
  }, 300_000);
});
