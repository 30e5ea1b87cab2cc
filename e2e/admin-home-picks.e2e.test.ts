/**
 * The recommendations' choices as an operator makes them, against the built server in Chromium:
 * two readers read X and E, so E is what the reader on the phone (375×812), who read X, is offered
 * first once the operator has pressed "Rebuild now" (the answer reports the finished run and the
 * page its time). The operator then pins P to "For you" and excludes E: the reader's home shows P
 * first in "For you" and E nowhere in it. No CSP violation on either side. Picture
 * (E2E_SCREENSHOTS): admin-home-picks at 1440×900.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations } from './support/chromium.js';
import { startConsoleFixture, type ConsoleFixture } from './support/console-fixture.js';
import { keepScreenshot } from './support/screenshots.js';
import { seedCatalogue, type SeededCatalogue } from './support/seed-catalogue.js';
import { protocolClient } from './support/protocol-client.js';

let fixture: ConsoleFixture;
let seeded: SeededCatalogue;
let reader: Page;
let operator: Page;

beforeAll(async () => {
  fixture = await startConsoleFixture({
    name: 'homepicks',
    prepare: async (dir) => {
      seeded = await seedCatalogue(dir, { works: 6, chapters: 2, pages: 2, novels: 0 });
    },
    // Scheduled runs far apart: what the reader sees comes from the operator's "Rebuild now".
    env: () => ({ RECOMMENDATIONS_INTERVAL_S: '3600' }),
  });
  ({ reader, operator } = fixture);
}, 180_000);
afterAll(async () => fixture?.close());

const { api, newReader, readFirstChapter } = protocolClient(() => fixture.server.baseURL, 'e2e-picks');

/** Types into an Ant Design search select and picks the option containing `text`. */
async function choose(select: Locator, text: string): Promise<void> {
  await select.click();
  await select.locator('input').fill(text);
  await operator
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
  await expect
    .poll(() => operator.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
    .toBe(0);
}

/** Closes the console's toasts so pictures show the page itself. */
async function closeNotices(): Promise<void> {
  const notices = operator.locator('.ant-notification-notice');
  while ((await notices.count()) > 0) {
    await operator
      .locator('.ant-notification-notice-close')
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await operator.waitForTimeout(200);
  }
}

/** The work ids of the reader's home "For you", in order. */
async function forYouOnHome(): Promise<string[]> {
  await reader.goto('/');
  await reader.getByTestId('home-feed').waitFor();
  const section = reader.getByTestId('home-for-you');
  await section.waitFor();
  await section.locator('[data-testid^="work-card-"]').first().waitFor();
  expect(await section.locator('h2').textContent()).toBe('For you');
  return section
    .locator('[data-testid^="work-card-"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid') ?? ''));
}

describe('Home picks: For you pins and exclusions, and Rebuild now', () => {
  it('the reader sees the pinned work first in For you and the excluded one nowhere', async () => {
    const [x, e, p] = [seeded.comics[3]!, seeded.comics[4]!, seeded.comics[5]!];
    // Readers A and B read X and E; the phone's reader reads X.
    for (const other of [await newReader(), await newReader()]) {
      for (const work of [x, e]) await readFirstChapter(other, work);
    }
    await reader.goto('/');
    await reader.waitForFunction(() => (localStorage.getItem('token') ?? '') !== '');
    const me = await reader.evaluate(() => ({
      token: localStorage.getItem('token') ?? '',
      uid: Number(localStorage.getItem('uid')),
    }));
    await readFirstChapter(me, x);

    // Rebuild now: the answer comes when the run has finished, with its figures and time.
    await operator.goto('/admin/catalogue/home');
    await operator.getByTestId('home-picks').waitFor();
    const lastRun = operator.getByTestId('reco-last-run');
    await lastRun.waitFor();
    const before = await lastRun.textContent();
    await operator.getByTestId('reco-rebuild-now').click();
    const notice = operator.locator('.ant-notification-notice-success', { hasText: 'Rebuilt' });
    await notice.waitFor();
    // X–E both ways.
    expect(await notice.textContent()).toMatch(/Rebuilt: 2 pairs written in \d+(\.\d)? m?s/);
    await expect.poll(() => lastRun.textContent()).not.toBe(before);
    expect(await lastRun.textContent()).toMatch(/Last rebuilt\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(await lastRun.textContent()).toContain('2 pairs for');
    // E is now what the reader is offered first, for what the others read.
    expect((await forYouOnHome())[0]).toBe(`work-card-${e.id}`);

    // The operator pins P and excludes E, and saves.
    await operator.bringToFront();
    await choose(operator.getByTestId('for-you-add'), p.title);
    await operator.getByTestId('for-you-0').waitFor();
    await choose(operator.getByTestId('excluded-add'), e.title);
    await operator.getByTestId('excluded-0').waitFor();
    expect(await operator.getByTestId('for-you-0').textContent()).toContain(p.title);
    expect(await operator.getByTestId('excluded-0').textContent()).toContain(e.title);
    await operator.getByTestId('home-save').click();
    await operator.locator('.ant-notification-notice-success', { hasText: 'Saved' }).waitFor();
    await closeNotices();
    await operator.getByTestId('for-you-list').scrollIntoViewIfNeeded();
    await keepScreenshot(operator, 'admin-home-picks');

    // On the phone: P leads For you, E is not in it, and the full list agrees.
    const cards = await forYouOnHome();
    expect(cards[0]).toBe(`work-card-${p.id}`);
    expect(cards).not.toContain(`work-card-${e.id}`);
    const answer = await api<{ list: { relate_id: number; reason: string }[] }>(
      '/v3/reco/for_you',
      { type: 0, limit: 30 },
      me,
    );
    expect(answer.list[0]).toMatchObject({ relate_id: p.id, reason: 'pinned' });
    expect(answer.list.map((item) => item.relate_id)).not.toContain(e.id);

    expect(await cspViolations(reader)).toEqual([]);
    expect(await cspViolations(operator)).toEqual([]);
  }, 120_000);
});
