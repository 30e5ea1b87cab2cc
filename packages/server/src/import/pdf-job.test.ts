/**
 * A PDF imported by the server's background job: MuPDF renders in the import worker thread, so
 * the API answers as quickly during a long PDF as at rest.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildPdf } from '@dm51/library/testing/pdf-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

const PAGES = 40;
let ctx: TestApp;
let lib: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-pdf-job-lib-'));
  // Under comics/ every page is rendered (a text PDF elsewhere would become a novel).
  const path = join(lib, 'comics/Slow River/Slow River c001.pdf');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    await buildPdf(
      Array.from({ length: PAGES }, (_, i) => ({
        type: 'text',
        lines: Array.from({ length: 30 }, (_, l) => `Page ${i + 1}, line ${l + 1}: the river ran slow.`),
      })),
    ),
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

describe('a background PDF import', () => {
  it('renders every page in the worker while the API keeps answering quickly', async () => {
    const imports = ctx.app.services.imports;
    const job = await imports.enqueue(lib);
    const done = imports.waitFor(job.id);
    let finished = false;
    void done.then(() => (finished = true));
    const latencies: number[] = [];
    while (!finished) {
      const started = performance.now();
      const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      latencies.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = await done;
    expect(result).toMatchObject({ state: 'done', summary: { failed: [] } });
    expect(result.summary?.pages.added).toBe(PAGES);
    const works = await ctx.db.selectFrom('works').select(['title', 'chapter_count', 'type']).execute();
    expect(works).toEqual([{ title: 'Slow River', chapter_count: 1, type: 0 }]);
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(10);
    expect(latencies[Math.floor(latencies.length * 0.95)]).toBeLessThan(100);
  }, 180_000);
});
