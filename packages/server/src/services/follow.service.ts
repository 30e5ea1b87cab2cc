/**
 * Follows: works a user wants to hear about. `notifyNewChapters` turns new chapters of a published
 * work into one update message per follower. The importer (import/library-importer.ts) calls it
 * through `createFollowNotifier` below after committing a file, with the chapters that file added to
 * a work that already existed (a new work has no followers yet).
 */
import type { FollowItem } from '@dm51/shared';
import { nowSeconds } from '../db/database.js';
import type { Actor } from '../policies/comment.policy.js';
import { CommunityErrors } from '../policies/community-errors.js';
import { presentCards } from '../presenters/work.presenter.js';
import type { Database } from '../db/database.js';
import { CatalogueRepository } from '../repositories/catalogue.repository.js';
import { CommentRepository } from '../repositories/comment.repository.js';
import { FollowRepository } from '../repositories/follow.repository.js';
import { MessageRepository } from '../repositories/message.repository.js';
import { MESSAGE_TYPE, MessageService } from './message.service.js';

export class FollowService {
  constructor(
    private readonly follows: FollowRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly messages: MessageService,
  ) {}

  async add(actor: Actor, workId: number): Promise<void> {
    const work = await this.catalogue.findWork(workId);
    if (!work || work.published !== 1) throw CommunityErrors.workNotFound();
    await this.follows.add(actor.userId, workId, nowSeconds());
  }

  remove(actor: Actor, workIds: number[]): Promise<number> {
    return this.follows.remove(actor.userId, workIds);
  }

  async list(actor: Actor, page: number, limit: number): Promise<{ list: FollowItem[]; total: number }> {
    const { rows, total } = await this.follows.list(actor.userId, (page - 1) * limit, limit);
    const ids = rows.map((row) => row.work_id);
    const cards = await this.catalogue.cardsByIds(ids);
    const byId = new Map(
      presentCards(cards, await this.catalogue.peopleOf(ids)).map((card) => [card.relate_id, card]),
    );
    const list = rows.flatMap((row) => {
      const card = byId.get(row.work_id);
      return card ? [{ ...card, addtime: row.created_time }] : [];
    });
    return { list, total };
  }

  /** Tells every follower of `workId` about the chapters just added; returns messages created. */
  async notifyNewChapters(workId: number, chapterIds: number[]): Promise<number> {
    if (chapterIds.length === 0) return 0;
    const work = await this.catalogue.findWork(workId);
    if (!work || work.published !== 1) return 0;
    const chapters = await this.follows.chapterTitles(workId, chapterIds);
    if (chapters.length === 0) return 0;
    const followers = await this.follows.followers(workId);
    const last = chapters[chapters.length - 1]!;
    const name = last.title || (last.number ? `#${last.number}` : '');
    const content =
      chapters.length === 1 ? `New: ${name}` : `${chapters.length} new chapters, latest: ${name}`;
    const time = nowSeconds();
    await this.messages.notifyMany(
      followers.map((userId) => ({
        user_id: userId,
        type: MESSAGE_TYPE.update,
        title: work.title,
        content,
        work_id: workId,
        created_time: time,
      })),
    );
    return followers.length;
  }
}

/**
 * A follow notifier on a bare database handle, for code that runs outside the app's services (the
 * import worker thread): `await createFollowNotifier(db).notifyNewChapters(workId, chapterIds)`.
 */
export function createFollowNotifier(db: Database): Pick<FollowService, 'notifyNewChapters'> {
  const catalogue = new CatalogueRepository(db);
  const messages = new MessageService(new MessageRepository(db), new CommentRepository(db), catalogue);
  return new FollowService(new FollowRepository(db), catalogue, messages);
}
