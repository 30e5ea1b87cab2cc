/**
 * A first scan that adds more works than a summary lists: the counts cover every work, the works
 * report names the first WORKS_REPORT_MAX with their chapters and says how many more there were,
 * and that is what the run's row keeps (a big library's summary stays small).
 * Runs on SQLite and PostgreSQL (DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importInto } from '../testing/import-into.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { summaryJson } from './import-output.js';
import { WORKS_REPORT_MAX } from './import-report.js';

const EXTRA = 3;
let ctx: TestApp;
let lib: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  lib = mkdtempSync(join(tmpdir(), 'dm51-report-cap-'));
  for (let i = 0; i < WORKS_REPORT_MAX + EXTRA; i += 1) {
    const title = `Short Book ${String(i).padStart(4, '0')}`;
    mkdirSync(join(lib, 'novels', title), { recursive: true });
    writeFileSync(join(lib, 'novels', title, `${title}.txt`), `Chapter 1\n\nThe first of ${title}.\n`);
  }
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(lib, { recursive: true, force: true });
});

it('lists the first works of a big run and counts the rest', async () => {
  const summary = await importInto(ctx, lib);
  expect(summary.files.imported).toBe(WORKS_REPORT_MAX + EXTRA);
  expect(summary.works.added).toBe(WORKS_REPORT_MAX + EXTRA);
  expect(summary.worksReport).toHaveLength(WORKS_REPORT_MAX);
  expect(summary.worksReport[0]).toMatchObject({ kind: 'novel', chapters: [expect.anything()] });
  expect(summary.worksReportOmitted).toBe(EXTRA);
  expect(summaryJson(summary)).toMatchObject({ works_omitted: EXTRA });
  const run = await ctx.db
    .selectFrom('import_runs')
    .select('summary')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const kept = JSON.parse(run.summary) as { worksReport: unknown[]; worksReportOmitted: number };
  expect([kept.worksReport.length, kept.worksReportOmitted]).toEqual([WORKS_REPORT_MAX, EXTRA]);
}, 120_000);
