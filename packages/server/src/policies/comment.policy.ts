/**
 * Who may do what to a comment. Small pure functions, called on every mutating path, so the rules
 * are in one place and tested as a matrix (guest / user / other user).
 */
import type { CommentRow } from '../db/schema.js';

export interface Actor {
  userId: number;
}

/** Only the author deletes a comment (no one edits: comments are immutable once posted). */
export function canDeleteComment(actor: Actor, comment: Pick<CommentRow, 'user_id'>): boolean {
  return actor.userId > 0 && comment.user_id === actor.userId;
}

/** Published comments are everyone's; pending (0) and rejected (2) ones only their author's. */
export function canSeeComment(actor: Actor, comment: Pick<CommentRow, 'user_id' | 'status'>): boolean {
  return comment.status === 1 || (comment.status === 0 && comment.user_id === actor.userId);
}

/** Blocking oneself makes no sense and is refused ('You cannot block yourself!'). */
export function canBlock(actor: Actor, targetUserId: number): boolean {
  return actor.userId !== targetUserId;
}
