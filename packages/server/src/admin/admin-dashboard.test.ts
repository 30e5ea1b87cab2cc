/**
 * The dashboard adds up what the rest of the server recorded: revenue is paid orders net of
 * refunds (matching the ledger's cash), views per kind come from the view roll-ups, and the queue
 * counts are the pending comments, open reports and unanswered feedback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsHarness, newIp, type AccountsHarness } from '../testing/accounts.js';
import { adminRequest, signedIn, type OperatorSession } from '../testing/admin-harness.js';
import { buildChapter, buildWork } from '../testing/catalogue-factory.js';
import { refund, topUp } from '../testing/money-factory.js';

interface Overview {
  today: {
    revenueFen: number;
    pendingComments: number;
    openReports: number;
    unansweredFeedback: number;
  };
  series: { date: string; revenueFen: number }[];
  reads: Record<string, number | string>[];
  topWorks: { id: number; title: string; views: number }[];
  transcodes: { waiting: number };
}

let h: AccountsHarness;
let viewer: OperatorSession;

beforeAll(async () => {
  h = await buildAccountsHarness();
  viewer = await signedIn(h.ctx.app, 'viewer');
});
afterAll(async () => h.close());

describe('the dashboard', () => {
  it('shows revenue net of refunds, views per kind, top works and the moderation queue', async () => {
    const reader = await h.client.initGuest();
    const money = h.ctx.app.services.money;
    await topUp(h.ctx.db, money, reader.userId, { coins: 300, amountFen: 3000 });
    const refunded = await topUp(h.ctx.db, money, reader.userId, { coins: 100, amountFen: 1000 });
    await refund(h.ctx.db, money, refunded.id);

    const comic = await buildWork(h.ctx.db, null, { title: 'Dashboard comic' });
    const novel = await buildWork(h.ctx.db, null, { title: 'Dashboard novel', type: 1 });
    await buildChapter(h.ctx.db, { workId: comic.id });
    const utcDay = Math.floor(Date.now() / 1000 / 86_400);
    await h.ctx.db
      .insertInto('work_stats_daily')
      .values([
        { work_id: comic.id, day: utcDay, views: 7 },
        { work_id: novel.id, day: utcDay, views: 3 },
      ])
      .execute();
    await h.ctx.db
      .insertInto('settings')
      .values({ key: 'community.comment_publish_directly', value: 'false', updated_time: 1 })
      .execute();
    const posted = await h.call(
      '/v3/comment/add',
      { work_id: comic.id, content: 'Waiting for review' },
      { session: reader, ip: newIp() },
    );
    expect(posted.code).toBe(1);
    await h.call(
      '/v3/feedback/add',
      { type: 2, content: 'Please add dark mode', contact: '', imgList: [] },
      { session: reader },
    );

    const answer = await adminRequest<{ data: Overview }>(h.ctx.app, 'GET', '/dashboard?days=7', {
      session: viewer,
    });
    expect(answer.status).toBe(200);
    const overview = answer.body.data;
    expect(overview.today).toMatchObject({
      revenueFen: 3000,
      pendingComments: 1,
      openReports: 0,
      unansweredFeedback: 1,
    });
    expect(overview.series).toHaveLength(7);
    expect(overview.series.reduce((sum, day) => sum + day.revenueFen, 0)).toBe(3000);
    expect(overview.reads.at(-1)).toMatchObject({ comic: 7, novel: 3, anime: 0 });
    expect(overview.topWorks.map((work) => [work.title, work.views])).toEqual([
      ['Dashboard comic', 7],
      ['Dashboard novel', 3],
    ]);
    expect((await adminRequest(h.ctx.app, 'GET', '/dashboard?days=400', { session: viewer })).status).toBe(
      400,
    );
  });
});
