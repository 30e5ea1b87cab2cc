/**
 * Community moderation for operators: the pending-comment queue, reports and their actions,
 * posting bans, the word filter, feedback replies (sent to the user as a system message) and
 * broadcast notices. Every method takes the change's transaction and its audit writer, so the
 * change and its audit row commit together.
 */
import { nowSeconds, type Database } from '../../db/database.js';
import { MessageRepository } from '../../repositories/message.repository.js';
import type { SettingsRepository } from '../../repositories/settings.repository.js';
import { MESSAGE_TYPE } from '../../services/message.service.js';
import {
  DEFAULT_WORD_FILTER,
  PUBLISH_DIRECTLY_KEY,
  WORD_FILTER_KEY,
} from '../../services/moderation.service.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';
import type { CommunityRepository } from './community.repository.js';

export const COMMENT_STATUS = { pending: 0, published: 1, rejected: 2 } as const;
const DAY_S = 86_400;

export type ReportAction = 'hide' | 'delete' | 'dismiss';

export class CommunityService {
  constructor(
    private readonly repo: CommunityRepository,
    private readonly settings: SettingsRepository,
  ) {}

  listComments(...args: Parameters<CommunityRepository['listComments']>) {
    return this.repo.listComments(...args);
  }

  listReports(...args: Parameters<CommunityRepository['listReports']>) {
    return this.repo.listReports(...args);
  }

  listFeedback(...args: Parameters<CommunityRepository['listFeedback']>) {
    return this.repo.listFeedback(...args);
  }

  /** Approve (publish) or reject comments; answers how many changed. */
  async moderate(trx: Database, audit: Audit, ids: readonly number[], approve: boolean): Promise<number> {
    const repo = this.repo.within(trx);
    const status = approve ? COMMENT_STATUS.published : COMMENT_STATUS.rejected;
    const found = await repo.commentsByIds(ids);
    if (found.length !== new Set(ids).size) throw AdminErrors.notFound('comment');
    const changing = found.filter((comment) => comment.status !== status);
    await repo.setStatus(
      changing.map((comment) => comment.id),
      status,
    );
    const now = nowSeconds();
    for (const comment of changing) {
      await audit({
        action: approve ? 'comment.approve' : 'comment.reject',
        targetType: 'comment',
        targetId: comment.id,
        before: { status: comment.status },
        after: { status },
      });
      // A reply held for review notifies the author it answers once it is published (as if posted now).
      if (approve && comment.toUserId > 0 && comment.toUserId !== comment.userId) {
        await new MessageRepository(trx).insertMany([
          {
            user_id: comment.toUserId,
            type: MESSAGE_TYPE.reply,
            title: 'New reply to your comment',
            content: Array.from(comment.content).slice(0, 60).join('') || '[image]',
            work_id: comment.workId,
            comment_id: comment.fatherId || comment.id,
            from_user_id: comment.userId,
            created_time: now,
          },
        ]);
      }
    }
    return changing.length;
  }

  /** Handles every open report of a comment: hide it, delete it (with replies) or dismiss the reports. */
  async handleReport(
    trx: Database,
    audit: Audit,
    commentId: number,
    action: ReportAction,
    ban: { days: number; reason: string } | null,
  ): Promise<void> {
    const repo = this.repo.within(trx);
    const [comment] = await repo.commentsByIds([commentId]);
    if (!comment) throw AdminErrors.notFound('comment');
    const open = await repo.openReportCount(commentId);
    if (action === 'hide') await repo.setStatus([commentId], COMMENT_STATUS.rejected);
    if (action === 'delete') await repo.deleteComments([commentId]);
    else await repo.markReportsHandled(commentId, nowSeconds());
    await audit({
      action: `report.${action}`,
      targetType: 'comment',
      targetId: commentId,
      before: { status: comment.status, content: comment.content, openReports: open },
      after:
        action === 'delete' ? null : { status: action === 'hide' ? COMMENT_STATUS.rejected : comment.status },
    });
    if (ban) await this.ban(trx, audit, comment.userId, ban.days, ban.reason);
  }

  /** Bans a user from posting comments for `days` days (from now; a longer running ban is kept). */
  async ban(trx: Database, audit: Audit, userId: number, days: number, reason: string): Promise<number> {
    const repo = this.repo.within(trx);
    const user = await repo.user(userId);
    if (!user || user.deleted_time !== null) throw AdminErrors.notFound('user');
    const until = Math.max(Number(user.banned_until), nowSeconds() + days * DAY_S);
    await repo.setBan(userId, until, reason);
    await audit({
      action: 'user.ban',
      targetType: 'user',
      targetId: userId,
      before: { bannedUntil: Number(user.banned_until), reason: user.ban_reason },
      after: { bannedUntil: until, reason, days },
    });
    return until;
  }

  async unban(trx: Database, audit: Audit, userId: number): Promise<void> {
    const repo = this.repo.within(trx);
    const user = await repo.user(userId);
    if (!user) throw AdminErrors.notFound('user');
    await repo.setBan(userId, 0, '');
    await audit({
      action: 'user.unban',
      targetType: 'user',
      targetId: userId,
      before: { bannedUntil: Number(user.banned_until), reason: user.ban_reason },
      after: { bannedUntil: 0 },
    });
  }

  async words(settings: SettingsRepository = this.settings): Promise<string[]> {
    const stored = (await settings.getMany([WORD_FILTER_KEY])).get(WORD_FILTER_KEY);
    if (stored === undefined) return [...DEFAULT_WORD_FILTER];
    try {
      const parsed: unknown = JSON.parse(stored);
      return Array.isArray(parsed) ? parsed.filter((word): word is string => typeof word === 'string') : [];
    } catch {
      return [...DEFAULT_WORD_FILTER];
    }
  }

  /** Replaces the word filter (new comments and feedback are masked with it). */
  async setWords(trx: Database, audit: Audit, words: readonly string[]): Promise<string[]> {
    const settings = this.settings.within(trx);
    const before = await this.words(settings);
    const after = [...new Set(words.map((word) => word.trim()).filter((word) => word.length > 0))];
    await settings.set(WORD_FILTER_KEY, JSON.stringify(after), nowSeconds());
    await audit({
      action: 'wordfilter.set',
      targetType: 'setting',
      targetId: WORD_FILTER_KEY,
      before,
      after,
    });
    return after;
  }

  /**
   * Review-first comments: new comments wait for a moderator (status 0) instead of being published
   * at once. Stored as its opposite, `community.comment_publish_directly`, which the app reads on
   * every comment (moderation.service.ts); a missing or broken row means published directly.
   */
  async reviewFirst(settings: SettingsRepository = this.settings): Promise<boolean> {
    const stored = (await settings.getMany([PUBLISH_DIRECTLY_KEY])).get(PUBLISH_DIRECTLY_KEY);
    try {
      return stored !== undefined && JSON.parse(stored) === false;
    } catch {
      return false;
    }
  }

  async setReviewFirst(trx: Database, audit: Audit, reviewFirst: boolean): Promise<boolean> {
    const settings = this.settings.within(trx);
    const before = await this.reviewFirst(settings);
    await settings.set(PUBLISH_DIRECTLY_KEY, JSON.stringify(!reviewFirst), nowSeconds());
    await audit({
      action: 'moderation.review_first',
      targetType: 'setting',
      targetId: PUBLISH_DIRECTLY_KEY,
      before: { reviewFirst: before },
      after: { reviewFirst },
    });
    return reviewFirst;
  }

  /** Answers a feedback; the user finds the answer in their feedback log and as a system message. */
  async replyFeedback(trx: Database, audit: Audit, id: number, reply: string): Promise<void> {
    const repo = this.repo.within(trx);
    const feedback = await repo.feedback(id);
    if (!feedback) throw AdminErrors.notFound('feedback');
    const now = nowSeconds();
    await repo.replyFeedback(id, reply, now);
    await new MessageRepository(trx).insertMany([
      {
        user_id: feedback.user_id,
        type: MESSAGE_TYPE.system,
        title: 'Reply to your feedback',
        title_key: 'feedbackReply',
        content: reply,
        created_time: now,
      },
    ]);
    await audit({
      action: 'feedback.reply',
      targetType: 'feedback',
      targetId: id,
      before: { reply: feedback.reply },
      after: { reply },
    });
  }

  /** A system notice to every user (user_id 0 messages; each user's read state is their own). */
  async broadcast(trx: Database, audit: Audit, title: string, content: string): Promise<void> {
    await new MessageRepository(trx).insertMany([
      { user_id: 0, type: MESSAGE_TYPE.system, title, content, created_time: nowSeconds() },
    ]);
    await audit({
      action: 'notice.broadcast',
      targetType: 'message',
      targetId: 0,
      after: { title, content },
    });
  }

  async counts() {
    return {
      pendingComments: await this.repo.countByStatus(COMMENT_STATUS.pending),
      openReports: await this.repo.countOpenReports(),
    };
  }
}
