/**
 * Comments, likes, reports and blocks. Visibility is decided here, in SQL, for every read: a
 * comment shows when it is published or is the viewer's own pending one, and never when the
 * viewer blocked its author. Deleting and other changes are scoped by the author's id.
 */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { CommentRow, DB, UserRow } from '../db/schema.js';

export type CommentSort = 'new' | 'hot';
export type AuthorRow = Pick<UserRow, 'id' | 'nickname' | 'pic' | 'deleted_time'>;

/** Restricts a comments query to what `viewerId` may see. */
function visibleTo<O>(query: SelectQueryBuilder<DB, 'comments', O>, viewerId: number) {
  return query
    .where((eb: ExpressionBuilder<DB, 'comments'>) =>
      eb.or([
        eb('comments.status', '=', 1),
        eb.and([eb('comments.status', '=', 0), eb('comments.user_id', '=', viewerId)]),
      ]),
    )
    .where('comments.user_id', 'not in', (eb) =>
      eb.selectFrom('user_blocks').select('blocked_user_id').where('user_blocks.user_id', '=', viewerId),
    );
}

export class CommentRepository {
  constructor(private readonly db: Database) {}

  async insert(values: {
    work_id: number;
    user_id: number;
    father_id: number;
    to_child_id: number;
    to_user_id: number;
    content: string;
    images: string;
    status: number;
    ip: string;
    created_time: number;
  }): Promise<CommentRow> {
    return this.db.insertInto('comments').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async find(id: number): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The comment when `viewerId` may see it. */
  async findVisible(id: number, viewerId: number): Promise<CommentRow | undefined> {
    return visibleTo(this.db.selectFrom('comments').selectAll(), viewerId)
      .where('comments.id', '=', id)
      .executeTakeFirst();
  }

  async listTop(
    workId: number,
    viewerId: number,
    sort: CommentSort,
    offset: number,
    limit: number,
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const base = visibleTo(this.db.selectFrom('comments'), viewerId)
      .where('comments.work_id', '=', workId)
      .where('comments.father_id', '=', 0);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = base.selectAll('comments');
    rows =
      sort === 'hot'
        ? rows.orderBy('comments.zan', 'desc').orderBy('comments.id', 'desc')
        : rows.orderBy('comments.id', 'desc');
    return { rows: await rows.offset(offset).limit(limit).execute(), total: Number(total.n) };
  }

  /** Every reply `viewerId` may see under the given top-level comments, oldest first. */
  async childrenOf(fatherIds: number[], viewerId: number): Promise<CommentRow[]> {
    if (fatherIds.length === 0) return [];
    return visibleTo(this.db.selectFrom('comments').selectAll(), viewerId)
      .where('comments.father_id', 'in', fatherIds)
      .orderBy('comments.id', 'asc')
      .execute();
  }

  async childrenPage(
    fatherId: number,
    viewerId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const base = visibleTo(this.db.selectFrom('comments'), viewerId).where(
      'comments.father_id',
      '=',
      fatherId,
    );
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('comments')
      .orderBy('comments.id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, total: Number(total.n) };
  }

  async authors(ids: number[]): Promise<Map<number, AuthorRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'pic', 'deleted_time'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async likedBy(userId: number, commentIds: number[]): Promise<Set<number>> {
    if (commentIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('comment_likes')
      .select('comment_id')
      .where('user_id', '=', userId)
      .where('comment_id', 'in', commentIds)
      .execute();
    return new Set(rows.map((row) => row.comment_id));
  }

  /** Likes or unlikes in one transaction, so `zan` always equals the number of like rows. */
  /**
   * Toggles the user's like, or sets it to `wanted`; the count moves only when the like did, so
   * setting the state it already has changes nothing.
   */
  async toggleLike(
    commentId: number,
    userId: number,
    time: number,
    wanted?: boolean,
  ): Promise<{ zan: number; liked: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const remove = async () => {
        const removed = await trx
          .deleteFrom('comment_likes')
          .where('comment_id', '=', commentId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return Number(removed.numDeletedRows) > 0;
      };
      const add = async () => {
        const added = await trx
          .insertInto('comment_likes')
          .values({ comment_id: commentId, user_id: userId, created_time: time })
          .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
          .executeTakeFirst();
        return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
      };
      let liked: boolean;
      let delta: number;
      if (wanted === undefined) {
        liked = !(await remove());
        if (liked) await add();
        delta = liked ? 1 : -1;
      } else {
        liked = wanted;
        delta = wanted ? ((await add()) ? 1 : 0) : (await remove()) ? -1 : 0;
      }
      const row =
        delta === 0
          ? await trx
              .selectFrom('comments')
              .select('zan')
              .where('id', '=', commentId)
              .executeTakeFirstOrThrow()
          : await trx
              .updateTable('comments')
              .set((eb) => ({ zan: eb('zan', '+', delta) }))
              .where('id', '=', commentId)
              .returning('zan')
              .executeTakeFirstOrThrow();
      return { zan: row.zan, liked };
    });
  }

  /** Deletes the author's own comment and its replies; 0 when it is not theirs. */
  async deleteOwn(id: number, userId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('comments')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return 0;
      await trx.deleteFrom('comments').where('father_id', '=', id).execute();
      return 1;
    });
  }

  async report(commentId: number, userId: number, reason: string, time: number): Promise<void> {
    await this.db
      .insertInto('comment_reports')
      .values({ comment_id: commentId, user_id: userId, reason, created_time: time, handled_time: null })
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
      .execute();
  }

  async block(userId: number, blockedId: number, time: number): Promise<void> {
    await this.db
      .insertInto('user_blocks')
      .values({ user_id: userId, blocked_user_id: blockedId, created_time: time })
      .onConflict((oc) => oc.columns(['user_id', 'blocked_user_id']).doNothing())
      .execute();
  }

  async unblock(userId: number, blockedId: number): Promise<void> {
    await this.db
      .deleteFrom('user_blocks')
      .where('user_id', '=', userId)
      .where('blocked_user_id', '=', blockedId)
      .execute();
  }

  async blacklist(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_blocks')
      .select('blocked_user_id')
      .where('user_id', '=', userId)
      .orderBy('created_time', 'asc')
      .execute();
    return rows.map((row) => row.blocked_user_id);
  }

  /** When the user's posting ban ends (Unix seconds; 0 or past = not banned). */
  async bannedUntil(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select('banned_until')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(row?.banned_until ?? 0);
  }

  async userExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
