/** Feedback rows → the feedback log item. */
import type { FeedbackItem } from '@dm51/shared';
import type { FeedbackRow } from '../db/schema.js';

export function presentFeedback(row: FeedbackRow): FeedbackItem {
  let images: unknown = [];
  try {
    images = JSON.parse(row.images);
  } catch {
    images = [];
  }
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contact: row.contact,
    imgList: Array.isArray(images) ? images.filter((url): url is string => typeof url === 'string') : [],
    addtime: row.created_time,
    reply: row.reply,
    reply_time: row.reply_time,
  };
}
