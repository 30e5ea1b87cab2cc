/** Feedback: checked, word-filtered, rate limited; the user's log with operators' replies. */
import { FEEDBACK_LIMITS, type FeedbackItem } from '@dm51/shared';
import { nowSeconds } from '../db/database.js';
import type { Actor } from '../policies/comment.policy.js';
import { CommunityErrors } from '../policies/community-errors.js';
import { presentFeedback } from '../presenters/feedback.presenter.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { FeedbackRepository } from '../repositories/feedback.repository.js';
import type { CommentImageService } from './comment-image.service.js';

export const FEEDBACK_RATE = { perUserHour: { limit: 10, windowS: 3600 } } as const;

export interface NewFeedback {
  type: number;
  content: string;
  contact: string;
  imgList: string[];
}

export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly images: CommentImageService,
    private readonly limiter: RateLimiter,
  ) {}

  async add(actor: Actor, input: NewFeedback): Promise<FeedbackItem> {
    const content = input.content.trim();
    const n = Array.from(content).length;
    if (n < FEEDBACK_LIMITS.minLength) throw CommunityErrors.feedbackTooShort(FEEDBACK_LIMITS.minLength);
    if (n > FEEDBACK_LIMITS.maxLength) throw CommunityErrors.feedbackTooLong(FEEDBACK_LIMITS.maxLength);
    for (const url of input.imgList) {
      if (!(await this.images.exists(url))) throw CommunityErrors.imageNotFound();
    }
    await this.limiter.reserve([
      {
        key: `feedback:user-hour:${actor.userId}`,
        ...FEEDBACK_RATE.perUserHour,
        message: 'You have sent a lot of feedback; try again in {wait}',
      },
    ]);
    const row = await this.feedback.insert({
      user_id: actor.userId,
      type: input.type,
      content,
      contact: input.contact,
      images: JSON.stringify(input.imgList),
      created_time: nowSeconds(),
    });
    return presentFeedback(row);
  }

  async list(actor: Actor, page: number, limit: number) {
    const { rows, total } = await this.feedback.list(actor.userId, (page - 1) * limit, limit);
    return { list: rows.map(presentFeedback), total };
  }

  uploadImage(image: Buffer | null): Promise<string> {
    return this.images.store(image);
  }
}
