/**
 * Home's cache past its five seconds: the cached answer is given at once while one rebuild runs
 * behind it (a rebuild on SQLite held up every request for 30–50 ms), never when it is
 * older than a minute, and never put back over a catalogue change.
 */
import type { HomeData } from '@dm51/shared';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { AdsRepository } from '../repositories/catalogue-ads.repository.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { HomePicksRepository } from '../repositories/home-picks.repository.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { buildWork } from '../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { HomeService } from './home.service.js';

const SIZES = { reco_size: 20, news_size: 20, type_size: 0 };
let ctx: TestApp;
let now: number;
let ranking: RankingRepository;
let home: HomeService;
let titles = 0;

const recoNames = (data: HomeData) => data.reco.map((card) => card.name);
const addComic = () => buildWork(ctx.db, null, { title: `Comic ${++titles}`, score: 5 + titles / 100 });

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

beforeEach(async () => {
  await ctx.db.deleteFrom('works').execute();
  now = 1_000_000;
  ranking = new RankingRepository(ctx.db);
  home = new HomeService(
    new CatalogueRepository(ctx.db),
    ranking,
    new AdsRepository(ctx.db),
    ctx.app.services.catalogue,
    () => now,
    new HomePicksRepository(ctx.db),
  );
});

it('answers the cached home at once once it is stale, rebuilds it once behind the answer, then answers the new one', async () => {
  const first = await addComic();
  expect(recoNames(await home.home(0, SIZES))).toEqual([first.title]);
  const second = await addComic();
  const builds = vi.spyOn(ranking, 'rank');

  now += 6_000;
  const stale = await Promise.all([home.home(0, SIZES), home.home(0, SIZES), home.home(0, SIZES)]);
  for (const answer of stale) expect(recoNames(answer)).toEqual([first.title]);

  await vi.waitFor(async () =>
    expect(recoNames(await home.home(0, SIZES))).toEqual([second.title, first.title]),
  );
  expect(builds).toHaveBeenCalledTimes(1);
});

it('waits for fresh data when the cached home is older than a minute', async () => {
  await addComic();
  await home.home(0, SIZES);
  const second = await addComic();
  now += 61_000;
  expect(recoNames(await home.home(0, SIZES))[0]).toBe(second.title);
});

it('does not put a rebuild started before a catalogue change back over the data built after it', async () => {
  await addComic();
  await home.home(0, SIZES);
  now += 6_000;
  await home.home(0, SIZES); // stale: starts a rebuild behind the answer
  home.invalidate();
  const added = await addComic();
  const fresh = await home.home(0, SIZES);
  expect(recoNames(fresh)[0]).toBe(added.title);
  await new Promise((resolve) => setTimeout(resolve, 100)); // the earlier rebuild has ended
  expect(await home.home(0, SIZES)).toBe(fresh);
});
