/**
 * Messages: replies to my comments (type 2), updates of works I follow (type 3) and system notices
 * to everyone (type 1, user_id 0). Other services create them through the notify* methods.
 */
import type { MessageItem, MessageNums } from '@dm51/shared';
import { nowSeconds } from '../db/database.js';
import type { CommentRow } from '../db/schema.js';
import type { Actor } from '../policies/comment.policy.js';
import { CommunityErrors } from '../policies/community-errors.js';
import { presentMessage, presentNums } from '../presenters/message.presenter.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { CommentRepository } from '../repositories/comment.repository.js';
import type { MessageRepository, MessageWithRead, NewMessage } from '../repositories/message.repository.js';

export const MESSAGE_TYPE = { system: 1, reply: 2, update: 3 } as const;

export class MessageService {
  constructor(
    private readonly messages: MessageRepository,
    private readonly comments: CommentRepository,
    private readonly catalogue: CatalogueRepository,
  ) {}

  private async present(rows: MessageWithRead[]): Promise<MessageItem[]> {
    const authors = await this.comments.authors(rows.map((row) => row.from_user_id).filter((id) => id > 0));
    const workTypes = new Map<number, number>();
    for (const workId of new Set(rows.map((row) => row.work_id).filter((id) => id > 0))) {
      const type = await this.catalogue.typeOf(workId);
      if (type !== undefined) workTypes.set(workId, type);
    }
    return rows.map((row) => presentMessage(row, authors, workTypes));
  }

  async nums(actor: Actor): Promise<MessageNums> {
    return presentNums(await this.messages.unreadByType(actor.userId));
  }

  async list(actor: Actor, type: number, page: number, limit: number) {
    const { rows, total } = await this.messages.list(actor.userId, type, (page - 1) * limit, limit);
    return { list: await this.present(rows), total };
  }

  async open(actor: Actor, id: number): Promise<{ message: MessageItem; nums: MessageNums }> {
    const row = await this.messages.findMine(actor.userId, id);
    if (!row) throw CommunityErrors.messageNotFound();
    await this.messages.markRead(actor.userId, [id], nowSeconds());
    const [message] = await this.present([{ ...row, is_read: 1 }]);
    return { message: message!, nums: await this.nums(actor) };
  }

  async readAll(actor: Actor, type: number): Promise<MessageNums> {
    await this.messages.markRead(
      actor.userId,
      await this.messages.unreadIds(actor.userId, type),
      nowSeconds(),
    );
    return this.nums(actor);
  }

  /** Someone answered `recipientId`'s comment with `reply`. */
  async notifyReply(
    recipientId: number,
    fromUserId: number,
    reply: CommentRow,
    _workType: number,
  ): Promise<void> {
    const excerpt = Array.from(reply.content).slice(0, 60).join('');
    await this.messages.insertMany([
      {
        user_id: recipientId,
        type: MESSAGE_TYPE.reply,
        title: 'New reply to your comment',
        content: excerpt || '[image]',
        work_id: reply.work_id,
        comment_id: reply.father_id || reply.id,
        from_user_id: fromUserId,
        created_time: reply.created_time,
      },
    ]);
  }

  /** A system notice to every user (operators; shown under the System tab). */
  async broadcast(title: string, content: string): Promise<void> {
    await this.messages.insertMany([
      { user_id: 0, type: MESSAGE_TYPE.system, title, content, created_time: nowSeconds() },
    ]);
  }

  /** One update message per follower (see FollowService.notifyNewChapters). */
  async notifyMany(messages: NewMessage[]): Promise<void> {
    await this.messages.insertMany(messages);
  }
}
