/** The console's reads and writes of comments, reports and feedback (the app's own repositories stay scoped by user). */
import type { Database } from '../../db/database.js';

export interface CommentFilter {
  status?: number | undefined;
  workId?: number | undefined;
  userId?: number | undefined;
  q?: string | undefined;
}

const COMMENT_COLUMNS = [
  'c.id',
  'c.work_id as workId',
  'w.title as workTitle',
  'w.type as workType',
  'c.user_id as userId',
  'u.nickname as userNickname',
  'c.father_id as fatherId',
  'c.to_user_id as toUserId',
  'c.content',
  'c.images',
  'c.status',
  'c.zan',
  'c.ip',
  'c.created_time as createdTime',
] as const;

export class CommunityRepository {
  constructor(private readonly db: Database) {}

  within(trx: Database): CommunityRepository {
    return new CommunityRepository(trx);
  }

  private comments() {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('works as w', 'w.id', 'c.work_id')
      .innerJoin('users as u', 'u.id', 'c.user_id');
  }

  async listComments(filter: CommentFilter, offset: number, limit: number) {
    let query = this.comments();
    if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
    if (filter.workId) query = query.where('c.work_id', '=', filter.workId);
    if (filter.userId) query = query.where('c.user_id', '=', filter.userId);
    if (filter.q) query = query.where('c.content', 'like', `%${filter.q}%`);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(COMMENT_COLUMNS)
      // The queue is worked oldest first; other lists show the newest first.
      .orderBy('c.id', filter.status === 0 ? 'asc' : 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows: rows.map(presentCommentRow), total: Number(total.n) };
  }

  async commentsByIds(ids: readonly number[]) {
    if (ids.length === 0) return [];
    const rows = await this.comments().select(COMMENT_COLUMNS).where('c.id', 'in', ids).execute();
    return rows.map(presentCommentRow);
  }

  async setStatus(ids: readonly number[], status: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('comments').set({ status }).where('id', 'in', ids).execute();
  }

  /** Deletes comments and their replies (likes and reports go with them by cascade). */
  async deleteComments(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('comments').where('father_id', 'in', ids).execute();
    await this.db.deleteFrom('comments').where('id', 'in', ids).execute();
  }

  async countByStatus(status: number): Promise<number> {
    const row = await this.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Reports grouped by comment: open ones (or handled ones), with the reported content. */
  async listReports(handled: boolean, offset: number, limit: number) {
    const base = this.db
      .selectFrom('comment_reports as r')
      .where('r.handled_time', handled ? 'is not' : 'is', null);
    const total = await base
      .select((eb) => eb.fn.count<number>('r.comment_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    const groups = await base
      .select((eb) => [
        'r.comment_id as commentId',
        eb.fn.countAll<number>().as('reports'),
        eb.fn.max('r.created_time').as('lastTime'),
      ])
      .groupBy('r.comment_id')
      .orderBy('lastTime', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const ids = groups.map((group) => group.commentId);
    const comments = new Map((await this.commentsByIds(ids)).map((comment) => [comment.id, comment]));
    const reasons =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('comment_reports as r')
            .innerJoin('users as u', 'u.id', 'r.user_id')
            .select([
              'r.id',
              'r.comment_id as commentId',
              'r.user_id as reporterId',
              'u.nickname as reporterNickname',
              'r.reason',
              'r.created_time as time',
              'r.handled_time as handledTime',
            ])
            .where('r.comment_id', 'in', ids)
            .orderBy('r.id')
            .execute();
    return {
      total: Number(total.n),
      rows: groups.map((group) => ({
        commentId: group.commentId,
        reports: Number(group.reports),
        lastTime: Number(group.lastTime),
        comment: comments.get(group.commentId) ?? null,
        reasons: reasons
          .filter((reason) => reason.commentId === group.commentId)
          .map((reason) => ({ ...reason, time: Number(reason.time) })),
      })),
    };
  }

  async countOpenReports(): Promise<number> {
    const row = await this.db
      .selectFrom('comment_reports')
      .select((eb) => eb.fn.count<number>('comment_id').distinct().as('n'))
      .where('handled_time', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async openReportCount(commentId: number): Promise<number> {
    const row = await this.db
      .selectFrom('comment_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comment_id', '=', commentId)
      .where('handled_time', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markReportsHandled(commentId: number, time: number): Promise<void> {
    await this.db
      .updateTable('comment_reports')
      .set({ handled_time: time })
      .where('comment_id', '=', commentId)
      .where('handled_time', 'is', null)
      .execute();
  }

  async listFeedback(replied: boolean | undefined, offset: number, limit: number) {
    let query = this.db.selectFrom('feedback as f').innerJoin('users as u', 'u.id', 'f.user_id');
    if (replied !== undefined) query = query.where('f.reply_time', replied ? '>' : '=', 0);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'f.id',
        'f.user_id as userId',
        'u.nickname as userNickname',
        'f.type',
        'f.content',
        'f.contact',
        'f.images',
        'f.reply',
        'f.reply_time as replyTime',
        'f.created_time as createdTime',
      ])
      .orderBy('f.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return {
      total: Number(total.n),
      rows: rows.map((row) => ({
        ...row,
        images: JSON.parse(row.images) as string[],
        replyTime: Number(row.replyTime),
        createdTime: Number(row.createdTime),
      })),
    };
  }

  async feedback(id: number) {
    return this.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async replyFeedback(id: number, reply: string, time: number): Promise<void> {
    await this.db.updateTable('feedback').set({ reply, reply_time: time }).where('id', '=', id).execute();
  }

  async user(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'nickname', 'banned_until', 'ban_reason', 'deleted_time'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async setBan(userId: number, until: number, reason: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ banned_until: until, ban_reason: reason })
      .where('id', '=', userId)
      .execute();
  }
}

function presentCommentRow(row: {
  id: number;
  workId: number;
  workTitle: string;
  workType: number;
  userId: number;
  userNickname: string;
  fatherId: number;
  toUserId: number;
  content: string;
  images: string;
  status: number;
  zan: number;
  ip: string;
  createdTime: number;
}) {
  return { ...row, images: JSON.parse(row.images) as string[], createdTime: Number(row.createdTime) };
}

export type AdminComment = ReturnType<typeof presentCommentRow>;
