import { ApiCode, type FeedbackItem } from '@dm51/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedbackRepository } from '../../repositories/feedback.repository.js';
import { buildAccountsHarness, type AccountsHarness } from '../../testing/accounts.js';
import type { TestSession } from '../../testing/test-client.js';

let h: AccountsHarness;
let alice: TestSession;
let bob: TestSession;
let jpeg: Buffer;

interface Page<T> {
  list: T[];
  total: number;
}

beforeAll(async () => {
  h = await buildAccountsHarness();
  alice = await h.client.initGuest();
  bob = await h.client.initGuest();
  jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#cc3366' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => h.close());
beforeEach(async () => h.forgetLimits());

describe('feedback', () => {
  it('takes a screenshot (scaled to 1600 px) and shows the feedback, with the operator reply, in my log only', async () => {
    const up = await h.upload<{ url: string }>(
      '/v3/app/feedback_upload',
      { bytes: jpeg },
      {},
      { session: alice },
    );
    expect(up.code).toBe(1);
    const key = up.data!.url.slice('/media/'.length);
    const stored = await h.ctx.app.media.get(key);
    const plain = Buffer.from(stored!.map((byte) => byte ^ h.ctx.config.imageXorKey));
    expect((await sharp(plain).metadata()).width).toBe(1600);

    const added = await h.call<{ feedback: FeedbackItem }>(
      '/v3/feedback/add',
      {
        type: 1,
        content: 'The reader freezes on page 3',
        contact: 'me@example.test',
        imgList: [up.data!.url],
      },
      { session: alice },
    );
    expect(added.code).toBe(1);
    expect(added.data!.feedback).toMatchObject({
      type: 1,
      reply: '',
      reply_time: 0,
      imgList: [up.data!.url],
    });
    await new FeedbackRepository(h.ctx.db).reply(
      added.data!.feedback.id,
      'Fixed in the next update',
      1_800_000_000,
    );
    const log = await h.call<Page<FeedbackItem>>('/v3/feedback/list', {}, { session: alice });
    expect(log.data!.total).toBe(1);
    expect(log.data!.list[0]).toMatchObject({
      reply: 'Fixed in the next update',
      contact: 'me@example.test',
    });
    expect((await h.call<Page<FeedbackItem>>('/v3/feedback/list', {}, { session: bob })).data!.total).toBe(0);
  });

  it('refuses bad screenshots, too short or too long texts, unknown types and foreign URLs', async () => {
    const bad = await h.upload(
      '/v3/app/feedback_upload',
      { bytes: Buffer.from('GIF89a not really') },
      {},
      {
        session: bob,
      },
    );
    expect(bad.code).toBe(ApiCode.UPLOAD_INVALID);
    const none = await h.upload('/v3/app/feedback_upload', null, {}, { session: bob });
    expect(none.code).toBe(ApiCode.UPLOAD_INVALID);
    const short = await h.call('/v3/feedback/add', { type: 2, content: 'bad' }, { session: bob });
    expect(short.code).toBe(ApiCode.PARAMS_INVALID);
    const long = await h.call('/v3/feedback/add', { type: 2, content: 'x'.repeat(501) }, { session: bob });
    expect(long.code).toBe(ApiCode.PARAMS_INVALID);
    expect(long.msg).toMatch(/500/);
    const type = await h.call('/v3/feedback/add', { type: 9, content: 'a fine text' }, { session: bob });
    expect(type.code).toBe(ApiCode.PARAMS_INVALID);
    const forged = await h.call(
      '/v3/feedback/add',
      { type: 2, content: 'a fine text', imgList: ['/media/aa/bb/none_xfile.jpg'] },
      { session: bob },
    );
    expect(forged.code).toBe(ApiCode.PARAMS_INVALID);
    expect((await h.call<Page<FeedbackItem>>('/v3/feedback/list', {}, { session: bob })).data!.total).toBe(0);
  });
});

describe('help, notices, online, customer service and texts', () => {
  it('answers seeded defaults and an operator edit in the settings table', async () => {
    const help = await h.call<{ list: { title: string }[] }>('/v3/app/help');
    expect(help.data!.list.length).toBeGreaterThan(2);
    const notice = await h.call<{ list: { title: string }[] }>('/v3/app/notice');
    expect(notice.data!.list[0]!.title).toBe('Welcome');
    const about = await h.call<{ title: string; content: string }>('/v3/init/txt', { name: 'about' });
    expect(about.data!.title).toBe('About us');
    const agreement = await h.call<{ title: string }>('/v3/init/txt', { name: 'agreement' });
    expect(agreement.data!.title).toBe('User agreement');
    expect((await h.call('/v3/init/txt', { name: 'secrets' })).code).toBe(ApiCode.PARAMS_INVALID);
    expect((await h.call<{ title: string }>('/v3/init/kefu')).data!.title).toBe('Customer service');
    // A reader who chose another language reads the defaults in it.
    const inChinese = await h.call<{ title: string }>(
      '/v3/init/txt',
      { name: 'about' },
      { language: 'zh-CN' },
    );
    expect(inChinese.data!.title).toBe('关于我们');
    const inFrench = await h.call<{ list: { title: string }[] }>('/v3/app/help', {}, { language: 'fr' });
    expect(inFrench.data!.list[0]!.title).toMatch(/^Pourquoi/);
    const traditional = await h.call<{ title: string }>('/v3/init/kefu', {}, { language: 'zh-TW' });
    expect(traditional.data!.title).toBe('客服');
    expect(
      (await h.call<{ list: { title: string }[] }>('/v3/app/notice', {}, { language: 'es' })).data!.list[0]!
        .title,
    ).toBe('Bienvenida');

    await h.ctx.db
      .insertInto('settings')
      .values({
        key: 'community.help',
        value: JSON.stringify([{ id: 7, title: 'Edited', content: 'By an operator' }]),
        updated_time: 1,
      })
      .execute();
    expect((await h.call('/v3/app/help')).data).toEqual({
      list: [{ id: 7, title: 'Edited', content: 'By an operator' }],
    });
    await h.ctx.db
      .insertInto('settings')
      .values({ key: 'community.kefu', value: '{"broken"', updated_time: 1 })
      .execute();
    expect((await h.call<{ title: string }>('/v3/init/kefu')).data!.title).toBe('Customer service');
  });

  it('counts sessions seen in the last 5 minutes', async () => {
    const now = Math.floor(Date.now() / 1000);
    await h.ctx.db
      .updateTable('sessions')
      .set({ last_seen_time: now - 3600 })
      .execute();
    const fresh = await h.client.initGuest();
    const online = await h.call<{ online: number }>('/v3/app/online', {}, { session: fresh });
    expect(online.data!.online).toBe(1);
  });
});
