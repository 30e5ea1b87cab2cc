/**
 * Messages and their read state. A user's messages are the ones addressed to them plus the system
 * notices to everyone (user_id 0); "read" is a row in message_reads for both kinds, so marking
 * read never touches a message another user also sees.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';

export interface NewMessage {
  user_id: number;
  type: number;
  title: string;
  content: string;
  work_id?: number;
  comment_id?: number;
  from_user_id?: number;
  created_time: number;
  /** A text the app renders in the reader's language (see migration 0030); `title` is its English. */
  title_key?: string;
  params?: string;
}

export interface MessageWithRead extends MessageRow {
  is_read: number;
}

export class MessageRepository {
  constructor(private readonly db: Database) {}

  async insertMany(messages: NewMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.db.insertInto('messages').values(messages).execute();
  }

  private mine(userId: number, type: number) {
    let query = this.db
      .selectFrom('messages')
      .leftJoin('message_reads', (join) =>
        join.onRef('message_reads.message_id', '=', 'messages.id').on('message_reads.user_id', '=', userId),
      )
      .where('messages.user_id', 'in', [userId, 0]);
    if (type > 0) query = query.where('messages.type', '=', type);
    return query;
  }

  async list(userId: number, type: number, offset: number, limit: number) {
    const base = this.mine(userId, type);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('messages')
      .select(sql<number>`case when message_reads.message_id is null then 0 else 1 end`.as('is_read'))
      .orderBy('messages.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows: rows.map((row) => ({ ...row, is_read: Number(row.is_read) })), total: Number(total.n) };
  }

  async findMine(userId: number, id: number): Promise<MessageWithRead | undefined> {
    const row = await this.mine(userId, 0)
      .selectAll('messages')
      .select(sql<number>`case when message_reads.message_id is null then 0 else 1 end`.as('is_read'))
      .where('messages.id', '=', id)
      .executeTakeFirst();
    return row ? { ...row, is_read: Number(row.is_read) } : undefined;
  }

  /** Unread counts by message type. */
  async unreadByType(userId: number): Promise<Map<number, number>> {
    const rows = await this.mine(userId, 0)
      .where('message_reads.message_id', 'is', null)
      .select(['messages.type', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('messages.type')
      .execute();
    return new Map(rows.map((row) => [row.type, Number(row.n)]));
  }

  async markRead(userId: number, messageIds: number[], time: number): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db
      .insertInto('message_reads')
      .values(messageIds.map((message_id) => ({ message_id, user_id: userId, read_time: time })))
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
  }

  async unreadIds(userId: number, type: number): Promise<number[]> {
    const rows = await this.mine(userId, type)
      .where('message_reads.message_id', 'is', null)
      .select('messages.id')
      .execute();
    return rows.map((row) => row.id);
  }
}
