import { COMMENT_LIMITS, type CommentItem } from '@dm51/shared';

/** Spec §3: unichen before nichen; a deleted account shows as anonymous (empty both). */
export function authorName(item: Pick<CommentItem, 'unichen' | 'nichen'>, anonymous: string): string {
  return item.unichen || item.nichen || anonymous;
}

export type DraftCheck = 'empty' | 'tooShort' | 'ok';

/** Spec §5: send needs text or a picture; text of 2 characters or fewer is 'comment too short!'. */
export function checkDraft(text: string, imageCount: number): DraftCheck {
  const n = Array.from(text.trim()).length;
  if (n === 0) return imageCount > 0 ? 'ok' : 'empty';
  return n <= COMMENT_LIMITS.tooShortAtMost ? 'tooShort' : 'ok';
}
