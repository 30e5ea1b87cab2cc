import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCbz, writeEpub } from '../import/testing/library-fixtures.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = ['--conditions=source', '--import', 'tsx', 'packages/server/src/cli/import.ts'];
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

function runCli(args: string[], dataDir: string) {
  return spawnSync(process.execPath, [...CLI, ...args], {
    cwd: REPO,
    env: env(dataDir),
    encoding: 'utf8',
    timeout: 180_000,
  });
}

beforeAll(async () => {
  lib = tempDir('dm51-cli-lib-');
  for (let i = 1; i <= 24; i++) {
    await writeCbz(
      join(lib, `comics/Night Train/Night Train v0${1 + (i % 3)} c${String(i).padStart(3, '0')}.cbz`),
      {
        pages: 5,
        size: [1300, 1900],
        info: { Series: 'Night Train', Number: String(i), Writer: 'Rae Tan', Genre: 'Mystery' },
      },
    );
  }
  await writeEpub(join(lib, 'novels/Glass Orchard/Glass Orchard.epub'), {
    title: 'Glass Orchard',
    author: 'June Park',
    chapters: [{ title: 'One', body: '<p>Apples of glass.</p>' }],
  });
  await writeCbz(join(lib, 'comics/Broken/Broken c001.cbz'), { pages: 1 });
  const { truncateSync } = await import('node:fs');
  truncateSync(join(lib, 'comics/Broken/Broken c001.cbz'), 100);
}, 180_000);

afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('npm run import', () => {
  it('prints only one JSON object with --json: works, failures and counts', () => {
    const dataDir = tempDir('dm51-cli-data-');
    const result = spawnSync('npm', ['run', '--silent', 'import', '--', '--json', lib], {
      cwd: REPO,
      env: env(dataDir),
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(out.failed).toEqual([
      {
        path: 'comics/Broken/Broken c001.cbz',
        reason: expect.stringMatching(/corrupt|truncated|end of central directory/i),
      },
    ]);
    expect(out.counts.works).toMatchObject({ added: 2, failed: 0 });
    expect(out.counts.chapters).toMatchObject({ added: 25, failed: 1 });
    const train = out.works.find((w: { title: string }) => w.title === 'Night Train');
    expect(train).toMatchObject({
      kind: 'comic',
      series: 'Night Train',
      authors: ['Rae Tan'],
      language: '',
      rtl: false,
    });
    expect(train.chapters).toHaveLength(24);
    expect(train.chapters[0]).toEqual({ number: '3', volume: '1', title: 'Vol.1 Ch.3', pages: 5 });
    expect(out.works.find((w: { kind: string }) => w.kind === 'novel')).toMatchObject({
      title: 'Glass Orchard',
      authors: ['June Park'],
      language: 'en',
    });

    // Twice: nothing added, and the table summary for people.
    const again = runCli([lib], dataDir);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/works\s+0\s+0\s+2\s+0\s+0/);
    expect(again.stdout).toMatch(/chapters\s+0\s+0\s+25\s+0\s+1/);
    expect(again.stdout).toContain('comics/Broken/Broken c001.cbz');
  }, 180_000);

  it('refuses a missing folder and unknown options with a message and exit code 1', () => {
    const dataDir = tempDir('dm51-cli-data-');
    const missing = runCli(['--json', join(lib, 'nope')], dataDir);
    expect(missing.status).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({
      error: expect.stringContaining('library folder not found'),
    });
    const unknown = runCli(['--frobnicate', lib], dataDir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown option --frobnicate');
  }, 60_000);
});
