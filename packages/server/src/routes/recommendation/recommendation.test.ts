import type { ForYouItem, WorkCard } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { LeasesRepository } from '../../repositories/leases.repository.js';
import type { RecommendationBuildRepository } from '../../repositories/recommendation-build.repository.js';
import { adminRequest, signedIn, type OperatorSession } from '../../testing/admin-harness.js';
import { buildChapter, buildWork } from '../../testing/catalogue-factory.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestClient, type TestClient, type TestSession } from '../../testing/test-client.js';

let ctx: TestApp;
let client: TestClient;
let admin: OperatorSession;
const works: Record<string, WorkRow> = {};
/** Chapters of each work, in order (the last one finishes it). */
const chapters = new Map<number, number[]>();
const readers: Record<string, TestSession> = {};

async function read(reader: string, work: string, chapterIndex = 0): Promise<void> {
  const w = works[work]!;
  const result = await client.call(
    '/v3/read/add',
    { id: w.id, chapter_id: chapters.get(w.id)![chapterIndex], page_index: 0, percent: 10 },
    { session: readers[reader] },
  );
  expect(result.code, result.msg).toBe(1);
}

async function shelve(reader: string, work: string): Promise<void> {
  const result = await client.call(
    '/v3/cases/add/comic',
    { id: works[work]!.id },
    { session: readers[reader] },
  );
  expect(result.code, result.msg).toBe(1);
}

async function forYou(reader: string, payload: Record<string, unknown> = {}) {
  const result = await client.call<{ list: ForYouItem[]; total: number }>(
    '/v3/reco/for_you',
    { type: 0, limit: 30, ...payload },
    { session: readers[reader] },
  );
  expect(result.code, result.msg).toBe(1);
  return result.data!;
}

async function alsoRead(work: string) {
  const result = await client.call<{ list: WorkCard[] }>(
    '/v3/reco/also_read',
    { id: works[work]!.id },
    { session: readers['C'] },
  );
  expect(result.code, result.msg).toBe(1);
  return result.data!.list;
}

const nameOf = (id: number) => Object.entries(works).find(([, w]) => w.id === id)?.[0];
const names = (list: { relate_id: number }[]) => list.map((card) => nameOf(card.relate_id));

beforeAll(async () => {
  ctx = await buildTestApp();
  client = createTestClient(ctx);
  admin = await signedIn(ctx.app, 'admin');
  // W is the most viewed comic (the popular fallback's first), V the next; N is a novel.
  const specs: [string, Parameters<typeof buildWork>[2]][] = [
    ['X', { title: 'Xylo', viewsTotal: 10 }],
    ['Y', { title: 'Yarrow', viewsTotal: 20 }],
    ['Z', { title: 'Zephyr', viewsTotal: 5, pay: 2 }],
    ['W', { title: 'Wisteria', viewsTotal: 900 }],
    ['V', { title: 'Vellum', viewsTotal: 800 }],
    ['P', { title: 'Pinned Pick', viewsTotal: 1 }],
    ['H', { title: 'Hidden', viewsTotal: 0, published: 0 }],
    ['N', { title: 'Novel', type: 1, viewsTotal: 1000 }],
  ];
  for (const [key, overrides] of specs) {
    const work = await buildWork(ctx.db, null, overrides);
    works[key] = work;
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) ids.push((await buildChapter(ctx.db, { workId: work.id })).id);
    chapters.set(work.id, ids);
  }
  for (const name of ['A', 'B', 'C', 'D', 'F', 'S', 'New']) readers[name] = await client.initGuest();
  // A and B read X, Y and Z; C reads X and Y; D reads X and W (one shared reader: below support).
  for (const r of ['A', 'B']) for (const w of ['X', 'Y', 'Z']) await read(r, w);
  for (const w of ['X', 'Y']) await read('C', w);
  for (const w of ['X', 'W']) await read('D', w);
  // F read X and finished Z (its last chapter); S read X and shelved Z.
  await read('F', 'X');
  await read('F', 'Z', 1);
  await read('S', 'X');
  await shelve('S', 'Z');
  const result = await ctx.app.services.recommendations.builder.run();
  expect(result.ran).toBe(true);
});
afterAll(async () => ctx?.close());

describe('the co-occurrence job', () => {
  it('scores pairs by the cosine of their reader sets and leaves out pairs below the support', async () => {
    const rows = await ctx.db
      .selectFrom('work_similar')
      .select(['work_id', 'other_work_id', 'score', 'together'])
      .where('work_id', '=', works['X']!.id)
      .orderBy('score', 'desc')
      .execute();
    // Readers: X 6 (A B C D F S), Y 3 (A B C), Z 4 (A B F, and S who shelved it).
    // X–Z are shared by A B F S, X–Y by A B C.
    const readersOf = { X: 6, Y: 3, Z: 4 };
    const expected = [
      ['Z', 4, Math.round((4 / Math.sqrt(readersOf.X * readersOf.Z)) * 1e6)],
      ['Y', 3, Math.round((3 / Math.sqrt(readersOf.X * readersOf.Y)) * 1e6)],
    ];
    expect(rows.map((row) => [nameOf(row.other_work_id), row.together, row.score])).toEqual(expected);
    // W shares only D with X: no pair either way.
    const w = await ctx.db
      .selectFrom('work_similar')
      .selectAll()
      .where('work_id', '=', works['W']!.id)
      .execute();
    expect(w).toEqual([]);
  });

  it('does not run while another instance holds its lease, and drops lists nobody supports any more', async () => {
    const leases = new LeasesRepository(ctx.db);
    expect(await leases.acquire('recommendations', 'other-instance', Date.now(), 60_000)).toBe(true);
    expect((await ctx.app.services.recommendations.builder.run()).ran).toBe(false);
    await leases.release('recommendations', 'other-instance');
    // A list left from an earlier run for a pair nobody reads together is dropped by the next run.
    await ctx.db
      .insertInto('work_similar')
      .values({
        work_id: works['V']!.id,
        other_work_id: works['W']!.id,
        score: 1,
        together: 9,
        computed_time: 1,
      })
      .execute();
    const again = await ctx.app.services.recommendations.builder.run();
    expect(again.ran).toBe(true);
    expect(again.dropped).toBe(1);
    expect(
      await ctx.db.selectFrom('work_similar').selectAll().where('work_id', '=', works['V']!.id).execute(),
    ).toEqual([]);
  });
});

describe('for you', () => {
  it('puts what readers like the reader read first, then the popular works, never a work already read', async () => {
    const answer = await forYou('C');
    expect(answer.list[0]).toMatchObject({ relate_id: works['Z']!.id, reason: 'similar', name: 'Zephyr' });
    // Presented as every list presents a card: VIP mark (pay 2) included.
    expect(answer.list[0]!.pay).toBe(2);
    expect(names(answer.list)).toEqual(['Z', 'W', 'V', 'P']);
    expect(answer.list.slice(1).every((item) => item.reason === 'popular')).toBe(true);
    expect(answer.total).toBe(4);
    // Paged.
    const second = await forYou('C', { page: 2, limit: 2 });
    expect(names(second.list)).toEqual(['V', 'P']);
    expect(second.total).toBe(4);
  });

  it('never lists a work the reader finished or shelved', async () => {
    expect(names((await forYou('F')).list)).not.toContain('Z');
    expect(names((await forYou('S')).list)).not.toContain('Z');
    // Both still get what readers of X read that they have not: Y.
    expect((await forYou('S')).list[0]).toMatchObject({ relate_id: works['Y']!.id, reason: 'similar' });
  });

  it('falls back to the popular works for a new reader, and never shows another reader’s works as theirs', async () => {
    const answer = await forYou('New');
    expect(names(answer.list)).toEqual(['W', 'V', 'Y', 'X', 'Z', 'P']);
    expect(answer.list.every((item) => item.reason === 'popular')).toBe(true);
    // D read W: that hides W from D, not from anyone else.
    expect(names((await forYou('D')).list)).not.toContain('W');
    expect(names((await forYou('C')).list)).toContain('W');
    // Novels are their own home: only the novel.
    expect(names((await forYou('New', { type: 1 })).list)).toEqual(['N']);
  });

  it('needs a session', async () => {
    const result = await client.call('/v3/reco/for_you', { type: 0 });
    expect(result.status).toBe(401);
  });
});

describe('readers of this also read', () => {
  it('lists the works read by the same readers, best first, and nothing for a work without them', async () => {
    expect(names(await alsoRead('X'))).toEqual(['Z', 'Y']);
    expect(names(await alsoRead('W'))).toEqual([]);
    const unknown = await client.call<{ list: WorkCard[] }>(
      '/v3/reco/also_read',
      { id: 999_999 },
      { session: readers['C'] },
    );
    expect(unknown.data!.list).toEqual([]);
  });
});

describe('not interested', () => {
  async function mark(reader: string, work: string, path: '/v3/reco/hide' | '/v3/reco/unhide') {
    const result = await client.call(path, { id: works[work]!.id }, { session: readers[reader] });
    expect(result.code, result.msg).toBe(1);
  }

  it('takes a hidden work out of for you and also read for that reader only, until shown again', async () => {
    expect(names((await forYou('C')).list)).toEqual(['Z', 'W', 'V', 'P']);
    await mark('C', 'Z', '/v3/reco/hide');
    await mark('C', 'W', '/v3/reco/hide');
    const answer = await forYou('C');
    // Z was C's best "similar" work and W the most popular: both gone, the list closes up.
    expect(names(answer.list)).toEqual(['V', 'P']);
    expect(answer.total).toBe(2);
    expect(names(await alsoRead('X'))).toEqual(['Y']);
    // Someone else still gets both.
    expect(names((await forYou('New')).list)).toEqual(['W', 'V', 'Y', 'X', 'Z', 'P']);
    const theirs = await client.call<{ list: WorkCard[] }>(
      '/v3/reco/also_read',
      { id: works['X']!.id },
      { session: readers['New'] },
    );
    expect(names(theirs.data!.list)).toEqual(['Z', 'Y']);

    await mark('C', 'Z', '/v3/reco/unhide');
    await mark('C', 'W', '/v3/reco/unhide');
    expect(names((await forYou('C')).list)).toEqual(['Z', 'W', 'V', 'P']);
    expect(names(await alsoRead('X'))).toEqual(['Z', 'Y']);
  });
});

describe('operator pins and exclusions', () => {
  it('pins works to the top of for you and keeps excluded works out of every list', async () => {
    const saved = await adminRequest<{ data: { forYou: number[]; excluded: number[] } }>(
      ctx.app,
      'PUT',
      '/catalogue/home/comic',
      {
        session: admin,
        body: { banners: [], reco: [], forYou: [works['P']!.id, works['X']!.id], excluded: [works['Z']!.id] },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.forYou).toEqual([works['P']!.id, works['X']!.id]);

    // P is pinned first; X is pinned too but C has read it; Z is excluded everywhere.
    const answer = await forYou('C');
    expect(answer.list[0]).toMatchObject({ relate_id: works['P']!.id, reason: 'pinned' });
    expect(names(answer.list)).toEqual(['P', 'W', 'V']);
    expect(names(await alsoRead('X'))).toEqual(['Y']);
    expect(names((await forYou('New')).list)).toEqual(['P', 'X', 'W', 'V', 'Y']);

    // A save that only knows banners and reco leaves them as they are.
    await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', {
      session: admin,
      body: { banners: [], reco: [] },
    });
    const view = await adminRequest<{
      data: { forYou: { workId: number }[]; excluded: { title: string }[] };
    }>(ctx.app, 'GET', '/catalogue/home/comic', { session: admin });
    expect(view.body.data.excluded.map((w) => w.title)).toEqual(['Zephyr']);

    // Pinned and excluded at once is refused and changes nothing.
    const both = await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', {
      session: admin,
      body: { banners: [], reco: [], forYou: [works['Y']!.id], excluded: [works['Y']!.id] },
    });
    expect(both.status).toBe(400);
    expect(names((await forYou('New')).list)[0]).toBe('P');

    await adminRequest(ctx.app, 'PUT', '/catalogue/home/comic', {
      session: admin,
      body: { banners: [], reco: [], forYou: [], excluded: [] },
    });
    expect((await forYou('C')).list[0]).toMatchObject({ relate_id: works['Z']!.id, reason: 'similar' });
  });
});

describe('rebuild now, from the console', () => {
  interface Run {
    ran: boolean;
    joined: boolean;
    works: number;
    pairs: number;
    dropped: number;
    finishedTime: number;
    tookMs: number;
    lastRun: { pairs: number; finishedTime: number; tookMs: number } | null;
  }
  const rebuild = (session: OperatorSession) =>
    adminRequest<{ data: Run }>(ctx.app, 'POST', '/catalogue/recommendations/rebuild', { session });
  const rebuildAudits = () =>
    ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'recommendation.rebuild').execute();

  it('runs the job at once and answers its figures; the page reads the last run; viewers may only look', async () => {
    // Two new readers read P and V together: no list says so until the job runs again.
    for (const name of ['G', 'K']) {
      readers[name] = await client.initGuest();
      for (const w of ['P', 'V']) await read(name, w);
    }
    expect(names(await alsoRead('P'))).toEqual([]);

    const viewer = await signedIn(ctx.app, 'viewer');
    expect((await rebuild(viewer)).status).toBe(403);
    expect(names(await alsoRead('P'))).toEqual([]);

    const before = Math.floor(Date.now() / 1000);
    const answer = await rebuild(admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const run = answer.body.data;
    expect(run).toMatchObject({ ran: true, joined: false });
    // X–Y, X–Z, Y–Z and now P–V, each both ways.
    expect(run.pairs).toBe(8);
    expect(run.finishedTime).toBeGreaterThanOrEqual(before);
    expect(run.tookMs).toBeGreaterThanOrEqual(0);
    expect(names(await alsoRead('P'))).toEqual(['V']);

    const last = await adminRequest<{ data: Run['lastRun'] }>(
      ctx.app,
      'GET',
      '/catalogue/recommendations/last-run',
      { session: viewer },
    );
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual({
      works: run.works,
      pairs: 8,
      dropped: run.dropped,
      finishedTime: run.finishedTime,
      tookMs: run.tookMs,
    });
    const audits = await rebuildAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.operator_id).toBe(admin.id);
    expect(JSON.parse(audits[0]!.after_json ?? '{}')).toMatchObject({ pairs: 8 });
  });

  it('two clicks at once make one run; a run on another instance holds the lease', async () => {
    // A real run of a small catalogue ends within a request's time: this one waits, reading its
    // readers, until the second click has reached the builder, as a large catalogue's run would.
    const builder = ctx.app.services.recommendations.builder;
    const repo = (builder as unknown as { repo: RecommendationBuildRepository }).repo;
    const readerCounts = repo.readerCounts.bind(repo);
    const start = builder.start.bind(builder);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let clicks = 0;
    repo.readerCounts = async (cap) => {
      await gate;
      return readerCounts(cap);
    };
    builder.start = () => {
      clicks += 1;
      if (clicks === 2) open();
      return start();
    };
    const [first, second] = await Promise.all([rebuild(admin), rebuild(admin)]).finally(() => {
      repo.readerCounts = readerCounts;
      builder.start = start;
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.joined, second.body.data.joined].sort()).toEqual([false, true]);
    expect(second.body.data.finishedTime).toBe(first.body.data.finishedTime);
    expect(second.body.data.pairs).toBe(first.body.data.pairs);
    // One run, one audit row (the first test's and this one's).
    expect(await rebuildAudits()).toHaveLength(2);

    const leases = new LeasesRepository(ctx.db);
    expect(await leases.acquire('recommendations', 'other-instance', Date.now(), 60_000)).toBe(true);
    const refused = await rebuild(admin);
    await leases.release('recommendations', 'other-instance');
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ ran: false, pairs: 0 });
    // The page still shows the last run that finished.
    expect(refused.body.data.lastRun?.finishedTime).toBe(first.body.data.finishedTime);
    expect(await rebuildAudits()).toHaveLength(2);
  });
});
