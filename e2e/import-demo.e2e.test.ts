/**
 * `npm start` on an empty DATA_DIR: the built server is healthy at once, generates the demo
 * library in the background and imports it, and the catalogue appears (comics, novels and anime,
 * finished and serialising, VIP, categories) with pages served as `_xfile` images.
 */
import { createEnvelope, xorBytes } from '@dm51/shared';
import { nodeCfbCipher } from '@dm51/shared/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPhoneContext } from './support/chromium.js';
import { queryServerDb, waitForImport } from './support/import-status.js';
import { keepScreenshot } from './support/screenshots.js';
import { E2E_KEYS, startServer, type RunningServer } from './support/server.js';

const DEMO_BOUND_MS = 300_000;
let server: RunningServer;
let healthyAfterMs: number;

function query<T>(sqlText: string): T[] {
  return queryServerDb<T>(server, sqlText);
}

beforeAll(async () => {
  const started = Date.now();
  server = await startServer({ DEMO_LIBRARY: 'on' });
  healthyAfterMs = Date.now() - started;
}, 60_000);

afterAll(async () => server?.stop());

describe('the demo library on a fresh start', () => {
  it(
    'answers /healthz at once, then imports a few dozen works of every kind in the background',
    async () => {
      expect(healthyAfterMs).toBeLessThan(30_000);
      const status = await waitForImport(server, DEMO_BOUND_MS, async () => {
        const health = await fetch(`${server.baseURL}/healthz`);
        expect(health.ok).toBe(true);
      });
      expect(status).toBe('done');
      const kinds = query<{ type: number; n: number; finished: number; vip: number }>(
        // A CASE, not sum(pay = 2): PostgreSQL (E2E_CLUSTER) does not add up booleans.
        'select type, count(*) n, sum(is_end) finished, sum(case when pay = 2 then 1 else 0 end) vip from works group by type order by type',
      );
      expect(kinds.map((k) => k.type)).toEqual([0, 1, 2]);
      expect(kinds.reduce((n, k) => n + k.n, 0)).toBeGreaterThanOrEqual(24);
      for (const kind of kinds) {
        expect(kind.finished).toBeGreaterThan(0);
        expect(kind.finished).toBeLessThan(kind.n);
      }
      expect(kinds[0]!.vip).toBeGreaterThan(0);
      const categories = query<{ n: number }>('select count(distinct category_id) n from work_categories');
      expect(categories[0]!.n).toBeGreaterThan(8);
      const chapters = query<{ min: number }>('select min(chapter_count) min from works');
      expect(chapters[0]!.min).toBeGreaterThanOrEqual(2);
      const [summary] = query<{ summary: string }>(
        'select summary from import_runs order by id desc limit 1',
      );
      expect(JSON.parse(summary!.summary).failed).toEqual([]);
    },
    DEMO_BOUND_MS + 30_000,
  );

  it('serves the imported pages XOR-encoded and lists the comics through the API', async () => {
    const [page] = query<{ media_key: string; width: number; height: number }>(
      'select media_key, width, height from pages order by chapter_id, page_index limit 1',
    );
    const response = await fetch(`${server.baseURL}/media/${page!.media_key}`);
    expect(response.status).toBe(200);
    const decoded = Buffer.from(xorBytes(new Uint8Array(await response.arrayBuffer()), E2E_KEYS.imageXorKey));
    // Pages that were already reading-size JPEG or WebP are kept byte for byte; others become WebP.
    const meta = await sharp(decoded).metadata();
    expect(['jpeg', 'webp']).toContain(meta.format);
    expect(meta).toMatchObject({ width: page!.width, height: page!.height });

    const envelope = createEnvelope(E2E_KEYS.envelopeKey, nodeCfbCipher);
    const body = {
      user_token: '',
      user_id: 0,
      facility: 'Linux_h5',
      deviceid: 'e2e-demo-device',
      apikey: E2E_KEYS.apiKey,
      is_guest: 1,
      timestamp: Date.now(),
    };
    const call = async (path: string, payload: Record<string, unknown>) => {
      const response = await fetch(`${server.baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `data=${envelope.seal({ ...body, timestamp: Date.now(), ...payload })}`,
      });
      return (await response.json()) as { code: number; data: string | null };
    };
    const init = envelope.open((await call('/v3/app/init', {})).data!) as {
      token: string;
      user: { id: number };
    };
    const json = await call('/v3/comic/index', {
      user_token: init.token,
      user_id: init.user.id,
      reco_size: 6,
    });
    expect(json.code).toBe(1);
    const data = envelope.open(json.data!) as { reco?: { name: string }[] };
    expect(data.reco?.length).toBeGreaterThan(0);

    // Search the imported library by an author's name, including a work whose author also drew it
    // (ComicInfo Writer = Penciller): such works once kept the index re-building forever.
    const session = { user_token: init.token, user_id: init.user.id };
    const searched = await call('/v3/search/index', { ...session, keyword: 'Ines Ward' });
    expect(searched.code).toBe(1);
    const found = envelope.open(searched.data!) as { list: { name: string }[] };
    expect(found.list.map((card) => card.name)).toEqual(['Tidewater Academy']);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });

  it('shows the demo catalogue on the home page (screenshot for the docs)', async () => {
    const browser = await launchChromium();
    try {
      const context = await newPhoneContext(browser, server.baseURL);
      const tab = await context.newPage();
      await tab.goto('/');
      await tab.waitForFunction(() => document.querySelectorAll('img').length > 3, null, { timeout: 30_000 });
      await tab.waitForTimeout(1500);
      await keepScreenshot(tab, 'import-demo-home');
      expect(await tab.locator('img').count()).toBeGreaterThan(3);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
