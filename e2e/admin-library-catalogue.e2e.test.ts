/**
 * The Library and Catalogue sections as an operator uses them, against the built server in
 * Chromium: the CLI creates the owner, who signs in with TOTP; (1) marks a free comic VIP with one
 * free chapter, and a guest reader in the app (375×812) sees its second chapter locked; (2) starts
 * a full rescan of LIBRARY_DIR and watches the job reach done with its counts; (3) renames a work
 * and the reader's detail page shows the new title; (4) adds a second library folder (a folder of
 * comics without a layout, kind chosen in the form), sees its first scan finish, its report and its
 * works in the catalogue, then removes it keeping its works; (5) switches review-first comments on.
 * No CSP violation on either side. With E2E_SCREENSHOTS set, keeps the new screens at 1440×900.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCbz } from '../packages/server/src/import/testing/library-fixtures.js';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { keepScreenshot } from './support/screenshots.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';

let fixture: ConsoleFixture;
let seeded: SeededCatalogue;
let reader: Page;
let operator: Page;
/** A second library, outside DATA_DIR (the console refuses folders inside it). */
let addedFolder: string;

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'libcat',
    prepare: async (dir) => {
      seeded = await seedCatalogue(dir, { works: 3, chapters: 4, pages: 1, novels: 0 });
      for (const n of ['001', '002'])
        await writeCbz(join(dir, 'library', 'comics', 'Harbor Lights', `Harbor Lights ${n}.cbz`), {
          pages: 2,
        });
    },
    env: (dir) => ({ LIBRARY_DIR: join(dir, 'library') }),
  });
  ({ reader, operator } = fixture);
  addedFolder = mkdtempSync(join(tmpdir(), 'dm51-e2e-added-folder-'));
  for (const n of ['001', '002', '003'])
    await writeCbz(join(addedFolder, 'Tidewater', `Tidewater ${n}.cbz`), { pages: 2 });
}, 180_000);
afterAll(async () => {
  await fixture?.close();
  if (addedFolder) rmSync(addedFolder, { recursive: true, force: true });
});

async function openWork(title: string, id: number): Promise<void> {
  await operator.goto('/admin/catalogue');
  await operator.getByTestId('catalogue-search').fill(title);
  await operator.getByTestId('catalogue-search').press('Enter');
  await operator.getByTestId(`work-${id}`).click();
  await operator.getByTestId('work-title').waitFor();
  await expect.poll(() => operator.getByTestId('work-title').inputValue()).toBe(title);
}

describe('Library and Catalogue in the console', () => {
  it('marks a work VIP with one free chapter: the reader sees the second chapter locked', async () => {
    const comic = seeded.comics[0]!; // chapters 1–3 free, the last VIP
    const [first, second] = comic.chapters;
    await reader.goto(`/#/pages/cartoon/details?column=${comic.id}`);
    await reader.getByTestId(`chapter-${second!.id}`).waitFor();
    expect(await reader.getByTestId(`chapter-${second!.id}`).getAttribute('data-locked')).not.toBe('1');

    await openWork(comic.title, comic.id);
    await operator.getByTestId('work-pay').getByText('VIP', { exact: false }).click();
    await operator.getByTestId('work-free').fill('1');
    await operator.getByTestId('work-save').click();
    await operator.locator('.ant-notification-notice-success').waitFor();

    await reader.reload();
    await reader.getByTestId(`chapter-${second!.id}`).waitFor();
    expect(await reader.getByTestId(`chapter-${second!.id}`).getAttribute('data-locked')).toBe('1');
    expect(await reader.getByTestId(`chapter-${first!.id}`).getAttribute('data-locked')).not.toBe('1');
  });

  it('starts a full rescan and watches it reach done with the counts', async () => {
    await operator.goto('/admin/library');
    const newestRun = operator
      .locator('.ant-card', { hasText: 'Import history' })
      .locator('.ant-table-row')
      .first()
      .locator('td');
    await newestRun.first().waitFor();
    const runBefore = Number(await newestRun.first().textContent());
    // The card follows the job this click started (not an older one, nor another instance's).
    const started = operator.waitForResponse((r) => r.url().endsWith('/library/scan') && r.ok());
    await operator.getByTestId('library-rescan').first().click();
    const { data } = (await (await started).json()) as { data: { id: number } };
    const job = operator.locator(`[data-testid="library-job"][data-state="done"][data-job-id="${data.id}"]`);
    await job.waitFor({ timeout: 120_000 });
    expect(await operator.getByTestId('library-job-imported').textContent()).toBe('2');
    // The history shows the finished run on its own, with the same count.
    await expect.poll(async () => Number(await newestRun.first().textContent())).toBeGreaterThan(runBefore);
    expect(await newestRun.nth(5).textContent()).toBe('2');
  }, 150_000);

  it('adds a library folder, scans it, shows its report and its works, and removes it keeping them', async () => {
    await operator.goto('/admin/library');
    await operator.getByTestId('folder-add').click();
    await operator.getByTestId('folder-path').fill(addedFolder);
    await operator.getByTestId('folder-kind').click();
    await operator.locator('.ant-select-item-option', { hasText: 'Comic' }).click();
    await operator.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await keepScreenshot(operator, 'admin-library-folder-add');
    const added = operator.waitForResponse(
      (r) => r.url().endsWith('/library/folders') && r.request().method() === 'POST',
    );
    await operator.locator('#folder-add-submit').click();
    const answer = await added;
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { root: string; job: { id: number } } };
    await operator
      .locator(`[data-testid="library-job"][data-state="done"][data-job-id="${data.job.id}"]`)
      .waitFor({ timeout: 120_000 });
    expect(await operator.getByTestId('library-job-imported').textContent()).toBe('3');

    // The folder's row: added here, its kind, its counts; opened, its scan and the scan's report.
    const row = operator.locator('[data-testid="library-folders"] .ant-table-row', { hasText: data.root });
    await expect.poll(() => row.locator('td').nth(6).textContent()).toBe('1');
    expect(await row.textContent()).toContain('Added here');
    await row.locator('.ant-table-row-expand-icon').click();
    const runs = operator.getByTestId('folder-runs');
    await runs.locator('.ant-table-row').first().waitFor();
    await runs.locator('.ant-table-row-expand-icon').first().click();
    const report = operator.getByTestId('folder-run-report').first();
    await report.waitFor();
    expect(await report.textContent()).toContain('No failures.');
    for (const close of await operator.locator('.ant-notification-notice-close').all()) await close.click();
    await operator.mouse.wheel(0, -5000);
    await operator.waitForTimeout(400);
    await keepScreenshot(operator, 'admin-library-folders');

    await operator.goto('/admin/catalogue');
    await operator.getByTestId('catalogue-search').fill('Tidewater');
    await operator.getByTestId('catalogue-search').press('Enter');
    await operator.locator('.ant-table-row', { hasText: 'Tidewater' }).first().waitFor();

    // Removing says what happens; the default keeps the works.
    await operator.goto('/admin/library');
    await row.getByTestId('folder-remove').click();
    await operator.getByTestId('folder-keep-works').waitFor();
    expect(await operator.locator('.ant-modal').textContent()).toContain('Keep its 1 work(s)');
    await keepScreenshot(operator, 'admin-library-folder-remove');
    await operator.locator('#folder-remove-confirm').click();
    await row.waitFor({ state: 'detached' });
    await operator.goto('/admin/catalogue');
    await operator.getByTestId('catalogue-search').fill('Tidewater');
    await operator.getByTestId('catalogue-search').press('Enter');
    await operator.locator('.ant-table-row', { hasText: 'Tidewater' }).first().waitFor();
  }, 180_000);

  it('switches review-first comments on from the moderation queue', async () => {
    await operator.goto('/admin/community/moderation');
    const toggle = operator.getByTestId('review-first');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const saved = operator.waitForResponse((r) => r.url().endsWith('/community/review') && r.ok());
    await toggle.click();
    await saved;
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // The switch's own animation, then the picture.
    await operator.waitForTimeout(400);
    await keepScreenshot(operator, 'admin-moderation-review-first');
  });

  it('renames a work and the app shows the new title', async () => {
    const comic = seeded.comics[1]!;
    await openWork(comic.title, comic.id);
    await operator.getByTestId('work-title').fill('Renamed By Operator');
    await operator.getByTestId('work-save').click();
    await operator.locator('.ant-notification-notice-success').last().waitFor();

    await reader.goto(`/#/pages/cartoon/details?column=${comic.id}`);
    await expect.poll(() => reader.getByTestId('detail-title').textContent()).toBe('Renamed By Operator');
    expect(await cspViolations(reader)).toEqual([]);
    expect(await cspViolations(operator)).toEqual([]);
  });
});
