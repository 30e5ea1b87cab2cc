import { ApiCode, type HiddenWork } from '@dm51/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkRow } from '../../db/schema.js';
import { buildAccountsHarness, uniqueEmail, type AccountsHarness } from '../../testing/accounts.js';
import { buildWork } from '../../testing/catalogue-factory.js';
import type { TestSession } from '../../testing/test-client.js';

let h: AccountsHarness;
let comic: WorkRow;
let novel: WorkRow;
let unpublished: WorkRow;
beforeAll(async () => {
  h = await buildAccountsHarness();
  comic = await buildWork(h.ctx.db, null, { title: 'Quiet Comic' });
  novel = await buildWork(h.ctx.db, null, { title: 'Quiet Novel', type: 1 });
  unpublished = await buildWork(h.ctx.db, null, { title: 'Draft', published: 0 });
});
afterAll(async () => h.close());

async function hide(session: TestSession, id: number) {
  return h.call<{ hidden: number }>('/v3/reco/hide', { id }, { session });
}

async function unhide(session: TestSession, id: number) {
  return h.call<{ hidden: number }>('/v3/reco/unhide', { id }, { session });
}

async function hiddenList(session: TestSession, payload: Record<string, unknown> = {}) {
  const result = await h.call<{ list: HiddenWork[]; total: number }>('/v3/reco/hidden', payload, {
    session,
  });
  expect(result.code, result.msg).toBe(1);
  return result.data!;
}

const rowsOf = (userId: number) =>
  h.ctx.db.selectFrom('reco_hidden').selectAll().where('user_id', '=', userId).orderBy('work_id').execute();

describe('not interested', () => {
  it('hides a work once however often it is asked, lists it newest first, and shows it again', async () => {
    const reader = await h.client.initGuest();
    expect((await hide(reader, comic.id)).data).toEqual({ hidden: 1 });
    expect((await hide(reader, comic.id)).code).toBe(1);
    expect(await rowsOf(reader.userId)).toHaveLength(1);
    // Any kind: a novel too.
    expect((await hide(reader, novel.id)).code).toBe(1);
    await h.ctx.db
      .updateTable('reco_hidden')
      .set({ created_time: 1 })
      .where('user_id', '=', reader.userId)
      .where('work_id', '=', comic.id)
      .execute();

    const list = await hiddenList(reader);
    expect(list.total).toBe(2);
    expect(list.list.map((card) => card.name)).toEqual(['Quiet Novel', 'Quiet Comic']);
    expect(list.list[1]).toMatchObject({ relate_id: comic.id, type: 0, hidden_time: 1 });
    const paged = await hiddenList(reader, { page: 2, limit: 1 });
    expect(paged).toMatchObject({ total: 2, list: [{ relate_id: comic.id }] });

    expect((await unhide(reader, comic.id)).data).toEqual({ hidden: 0 });
    expect((await hiddenList(reader)).list.map((card) => card.relate_id)).toEqual([novel.id]);
    // Shown again already (a retry after a lost answer): the same answer, nothing changes.
    expect((await unhide(reader, comic.id)).data).toEqual({ hidden: 0 });
    expect(await rowsOf(reader.userId)).toHaveLength(1);
  });

  it('refuses unknown and unpublished works and writes nothing', async () => {
    const reader = await h.client.initGuest();
    for (const id of [999_999, unpublished.id]) {
      const answer = await hide(reader, id);
      expect(answer.code).toBe(ApiCode.CONTENT_NOT_FOUND);
    }
    expect(await rowsOf(reader.userId)).toEqual([]);
  });

  it("keeps each reader's list their own", async () => {
    const alice = await h.client.initGuest();
    const bob = await h.client.initGuest();
    await hide(alice, comic.id);
    expect(await hiddenList(bob)).toEqual({ list: [], total: 0 });
    // Bob cannot show Alice's hidden work again: his unhide finds no row of his.
    expect((await unhide(bob, comic.id)).data).toEqual({ hidden: 0 });
    expect((await hiddenList(alice)).list.map((card) => card.relate_id)).toEqual([comic.id]);
    // Without a session there is no list at all.
    expect((await h.call('/v3/reco/hidden', {})).status).toBe(401);
  });

  it('goes with the guest into the account it registers, and is erased with the account', async () => {
    const guest = await h.client.initGuest();
    await hide(guest, comic.id);
    const email = uniqueEmail();
    const user = await h.registerByEmail(email, 'password 1', guest);
    expect(user.userId).toBe(guest.userId);
    expect((await hiddenList(user)).list.map((card) => card.relate_id)).toEqual([comic.id]);

    expect((await h.call('/v3/user/write_off', { password: 'password 1' }, { session: user })).code).toBe(1);
    expect(await rowsOf(user.userId)).toEqual([]);
  });

  it('goes with its work: a deleted work leaves no row behind', async () => {
    const reader = await h.client.initGuest();
    const doomed = await buildWork(h.ctx.db, null, { title: 'Short Lived' });
    await hide(reader, doomed.id);
    await h.ctx.db.deleteFrom('works').where('id', '=', doomed.id).execute();
    expect(await rowsOf(reader.userId)).toEqual([]);
  });
});
