/** Comment rows → the spec's comment item (§3): author name and avatar, likes, images. */
import type { CommentItem, CommentWithReplies } from '@dm51/shared';
import type { CommentRow } from '../db/schema.js';
import type { AuthorRow } from '../repositories/comment.repository.js';

/** Replies posted within this many seconds carry isNewComment (always shown, spec §4). */
export const NEW_REPLY_WINDOW_S = 24 * 3600;

export interface CommentView {
  viewerId: number;
  now: number;
  authors: Map<number, AuthorRow>;
  liked: Set<number>;
}

function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A deleted account's comments stay, but anonymous: no id, name or avatar. */
export function presentAuthor(row: AuthorRow | undefined) {
  if (!row || row.deleted_time !== null) return { uid: 0, nichen: '', upic: '' };
  return { uid: row.id, nichen: row.nickname, upic: row.pic };
}

function author(view: CommentView, userId: number) {
  return presentAuthor(view.authors.get(userId));
}

export function presentComment(row: CommentRow, view: CommentView): CommentItem {
  const who = author(view, row.user_id);
  const target = row.to_user_id > 0 ? author(view, row.to_user_id) : null;
  return {
    id: row.id,
    work_id: row.work_id,
    uid: who.uid,
    upic: who.upic,
    unichen: '',
    nichen: who.nichen,
    text: row.content,
    addtime: row.created_time,
    zan: row.zan,
    is_zan: view.liked.has(row.id) ? 1 : 0,
    status: row.status,
    imgList: parseImages(row.images),
    is_mine: row.user_id === view.viewerId ? 1 : 0,
    to_father_id: row.father_id,
    to_child_id: row.to_child_id,
    to_user_id: target?.uid ?? 0,
    to_nichen: target?.nichen ?? '',
    isNewComment: row.father_id > 0 && view.now - row.created_time < NEW_REPLY_WINDOW_S ? 1 : 0,
  };
}

/** A top-level comment with its first `visible` replies plus any new ones (spec §4). */
export function presentThread(
  row: CommentRow,
  replies: CommentRow[],
  view: CommentView,
  visible: number,
): CommentWithReplies {
  const items = replies.map((reply) => presentComment(reply, view));
  const child = items.filter((item, index) => index < visible || item.isNewComment === 1);
  return { ...presentComment(row, view), child, child_total: items.length };
}
