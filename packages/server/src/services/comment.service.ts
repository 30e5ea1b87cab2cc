/**
 * Comments on works: listing with replies, posting (validation per spec §5, word filter, review
 * status, rate limits, reply notification), likes, deletion by the author, reports and blocks.
 */
import { COMMENT_LIMITS, type CommentItem, type CommentWithReplies } from '@dm51/shared';
import type { FastifyBaseLogger } from 'fastify';
import { nowSeconds } from '../db/database.js';
import type { CommentRow } from '../db/schema.js';
import { canBlock, canDeleteComment, type Actor } from '../policies/comment.policy.js';
import { CommunityErrors } from '../policies/community-errors.js';
import { presentComment, presentThread, type CommentView } from '../presenters/comment.presenter.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.js';
import type { CatalogueRepository } from '../repositories/catalogue.repository.js';
import type { AuthorRow, CommentRepository, CommentSort } from '../repositories/comment.repository.js';
import type { CommentImageService } from './comment-image.service.js';
import type { MessageService } from './message.service.js';
import { maskWords, type ModerationService } from './moderation.service.js';

/** Posting limits (documented in docs/operate/moderation.md, "Limits", and docs/operate/lockouts.md). */
export const COMMENT_RATE = {
  perUserMinute: { limit: 5, windowS: 60 },
  perUserHour: { limit: 60, windowS: 3600 },
  perIpMinute: { limit: 20, windowS: 60 },
} as const;

export interface NewComment {
  work_id: number;
  to_father_id: number;
  to_child_id: number;
  content: string;
  imgList: string[];
}

/** Characters as a reader counts them (code points, so an emoji is one). */
function length(text: string): number {
  return Array.from(text).length;
}

/** Spec §5: more than 2 and at most 240 characters, or no text with at least one image. */
export function checkCommentText(content: string, imageCount: number): void {
  const n = length(content);
  if (n > COMMENT_LIMITS.maxLength) throw CommunityErrors.commentTooLong(COMMENT_LIMITS.maxLength);
  if (n === 0 && imageCount > 0) return;
  if (n <= COMMENT_LIMITS.tooShortAtMost) throw CommunityErrors.commentTooShort();
}

export class CommentService {
  constructor(
    private readonly comments: CommentRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly images: CommentImageService,
    private readonly moderation: ModerationService,
    private readonly messages: MessageService,
    private readonly limiter: RateLimiter,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async view(actor: Actor, rows: CommentRow[]): Promise<CommentView> {
    const userIds = rows.flatMap((row) => [row.user_id, row.to_user_id]).filter((id) => id > 0);
    return {
      viewerId: actor.userId,
      now: nowSeconds(),
      authors: await this.comments.authors(userIds),
      liked: await this.comments.likedBy(
        actor.userId,
        rows.map((row) => row.id),
      ),
    };
  }

  private async publishedWork(workId: number) {
    const work = await this.catalogue.findWork(workId);
    if (!work || work.published !== 1) throw CommunityErrors.workNotFound();
    return work;
  }

  async list(
    actor: Actor,
    workId: number,
    sort: CommentSort,
    page: number,
    limit: number,
  ): Promise<{ list: CommentWithReplies[]; total: number }> {
    await this.publishedWork(workId);
    const { rows, total } = await this.comments.listTop(
      workId,
      actor.userId,
      sort,
      (page - 1) * limit,
      limit,
    );
    const replies = await this.comments.childrenOf(
      rows.map((row) => row.id),
      actor.userId,
    );
    const view = await this.view(actor, [...rows, ...replies]);
    const list = rows.map((row) =>
      presentThread(
        row,
        replies.filter((reply) => reply.father_id === row.id),
        view,
        COMMENT_LIMITS.visibleChildReplies,
      ),
    );
    return { list, total };
  }

  async children(actor: Actor, fatherId: number, page: number, limit: number) {
    const father = await this.comments.findVisible(fatherId, actor.userId);
    if (!father || father.father_id !== 0) throw CommunityErrors.commentNotFound();
    const { rows, total } = await this.comments.childrenPage(
      fatherId,
      actor.userId,
      (page - 1) * limit,
      limit,
    );
    const view = await this.view(actor, rows);
    return { list: rows.map((row) => presentComment(row, view)), total };
  }

  async add(actor: Actor, ip: string, input: NewComment): Promise<CommentItem> {
    const content = input.content.trim();
    checkCommentText(content, input.imgList.length);
    const bannedUntil = await this.comments.bannedUntil(actor.userId);
    if (bannedUntil > nowSeconds()) throw CommunityErrors.banned(bannedUntil);
    const work = await this.publishedWork(input.work_id);
    const target = await this.replyTarget(actor, input);
    for (const url of input.imgList) {
      if (!(await this.images.exists(url))) throw CommunityErrors.imageNotFound();
    }
    await this.limiter.reserve(this.rateRules(actor, ip));

    const rules = await this.moderation.rules();
    const row = await this.comments.insert({
      work_id: input.work_id,
      user_id: actor.userId,
      father_id: input.to_father_id,
      to_child_id: input.to_child_id,
      to_user_id: target?.userId ?? 0,
      content: maskWords(content, rules.words),
      images: JSON.stringify(input.imgList),
      status: rules.publishDirectly ? 1 : 0,
      ip,
      created_time: nowSeconds(),
    });
    if (target && row.status === 1 && target.userId !== actor.userId) {
      await this.messages.notifyReply(target.userId, actor.userId, row, work.type);
    }
    this.log.info({ commentId: row.id, workId: row.work_id, status: row.status }, 'comment added');
    return presentComment(row, await this.view(actor, [row]));
  }

  /** For a reply: the visible top-level comment (and reply) it answers, and whose author to notify. */
  private async replyTarget(actor: Actor, input: NewComment): Promise<{ userId: number } | null> {
    if (input.to_father_id === 0) {
      if (input.to_child_id !== 0) throw CommunityErrors.commentNotFound();
      return null;
    }
    const father = await this.comments.findVisible(input.to_father_id, actor.userId);
    if (!father || father.father_id !== 0 || father.work_id !== input.work_id)
      throw CommunityErrors.commentNotFound();
    if (input.to_child_id === 0) return { userId: father.user_id };
    const child = await this.comments.findVisible(input.to_child_id, actor.userId);
    if (!child || child.father_id !== father.id) throw CommunityErrors.commentNotFound();
    return { userId: child.user_id };
  }

  private rateRules(actor: Actor, ip: string): RateRule[] {
    const wait = 'You are commenting too fast; try again in {wait}';
    return [
      { key: `comment:user-min:${actor.userId}`, ...COMMENT_RATE.perUserMinute, message: wait },
      { key: `comment:user-hour:${actor.userId}`, ...COMMENT_RATE.perUserHour, message: wait },
      { key: `comment:ip-min:${ip}`, ...COMMENT_RATE.perIpMinute, message: wait },
    ];
  }

  uploadImage(image: Buffer | null): Promise<string> {
    return this.images.store(image);
  }

  /** Toggles the like, or sets it to `wanted` when given (idempotent: a queued like sent late). */
  async toggleZan(actor: Actor, id: number, wanted?: boolean): Promise<{ zan: number; is_zan: 0 | 1 }> {
    const comment = await this.comments.findVisible(id, actor.userId);
    if (!comment) throw CommunityErrors.commentNotFound();
    const { zan, liked } = await this.comments.toggleLike(id, actor.userId, nowSeconds(), wanted);
    return { zan, is_zan: liked ? 1 : 0 };
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const comment = await this.comments.find(id);
    if (!comment || !canDeleteComment(actor, comment)) throw CommunityErrors.commentNotFound();
    if ((await this.comments.deleteOwn(id, actor.userId)) === 0) throw CommunityErrors.commentNotFound();
  }

  async report(actor: Actor, id: number, reason: string): Promise<void> {
    const comment = await this.comments.findVisible(id, actor.userId);
    if (!comment) throw CommunityErrors.commentNotFound();
    await this.comments.report(id, actor.userId, reason, nowSeconds());
    this.log.info({ commentId: id, reporter: actor.userId }, 'comment reported');
  }

  async block(actor: Actor, userId: number): Promise<number[]> {
    if (!canBlock(actor, userId)) throw CommunityErrors.selfBlock();
    if (!(await this.comments.userExists(userId))) throw CommunityErrors.userNotFound();
    await this.comments.block(actor.userId, userId, nowSeconds());
    return this.comments.blacklist(actor.userId);
  }

  async unblock(actor: Actor, userId: number): Promise<number[]> {
    await this.comments.unblock(actor.userId, userId);
    return this.comments.blacklist(actor.userId);
  }

  blacklist(actor: Actor): Promise<number[]> {
    return this.comments.blacklist(actor.userId);
  }

  /** The blocked authors with their rows, so the user can see whom to unblock. */
  async blockedAuthors(actor: Actor): Promise<{ ids: number[]; authors: Map<number, AuthorRow> }> {
    const ids = await this.comments.blacklist(actor.userId);
    return { ids, authors: await this.comments.authors(ids) };
  }
}
