/**
 * The posting limits of comments and feedback under parallel bursts: each post is counted before
 * it is written, so of a burst no more than the limit are stored.
 */
import { ApiCode } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { COMMENT_RATE } from '../../services/comment.service.js';
import { FEEDBACK_RATE } from '../../services/feedback.service.js';
import { buildAccountsHarness, newIp, type AccountsHarness } from '../../testing/accounts.js';
import { buildChapter, buildWork } from '../../testing/catalogue-factory.js';

let h: AccountsHarness;
let comic: WorkRow;
beforeAll(async () => {
  h = await buildAccountsHarness();
  comic = await buildWork(h.ctx.db, null, { title: 'Burst comic' });
  await buildChapter(h.ctx.db, { workId: comic.id });
}, 60_000);
afterAll(async () => h.close());

describe('posting limits under a burst', () => {
  it('stores at most 5 of 60 parallel comments by one user', async () => {
    const eve = await h.client.initGuest();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        h.call(
          '/v3/comment/add',
          { work_id: comic.id, content: `burst number ${i}` },
          { session: eve, ip: newIp() },
        ),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(COMMENT_RATE.perUserMinute.limit);
    expect(results.filter((r) => r.code === ApiCode.RATE_LIMITED)).toHaveLength(
      60 - COMMENT_RATE.perUserMinute.limit,
    );
    const stored = await h.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('user_id', '=', eve.userId)
      .execute();
    expect(stored).toHaveLength(COMMENT_RATE.perUserMinute.limit);
  });

  it('stores at most 10 of 60 parallel feedback posts by one user', async () => {
    const zoe = await h.client.initGuest();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        h.call('/v3/feedback/add', { type: 1, content: `The reader froze, try ${i}` }, { session: zoe }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(FEEDBACK_RATE.perUserHour.limit);
    expect(results.filter((r) => r.code === ApiCode.RATE_LIMITED)).toHaveLength(
      60 - FEEDBACK_RATE.perUserHour.limit,
    );
  });
});
