/** Message rows → message items (with who replied), and unread counts → badge numbers. */
import type { MessageItem, MessageNums } from '@dm51/shared';
import type { AuthorRow } from '../repositories/comment.repository.js';
import type { MessageWithRead } from '../repositories/message.repository.js';

export function presentMessage(
  row: MessageWithRead,
  authors: Map<number, AuthorRow>,
  workTypes: Map<number, number>,
): MessageItem {
  const from = authors.get(row.from_user_id);
  const live = from && from.deleted_time === null ? from : null;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    title_key: row.title_key,
    params: parseParams(row.params),
    content: row.content,
    addtime: row.created_time,
    is_read: row.is_read ? 1 : 0,
    work_id: row.work_id,
    work_type: workTypes.get(row.work_id) ?? 0,
    comment_id: row.comment_id,
    from_uid: live?.id ?? 0,
    from_nichen: live?.nickname ?? '',
    from_upic: live?.pic ?? '',
  };
}

export function presentNums(byType: Map<number, number>): MessageNums {
  const system = byType.get(1) ?? 0;
  const reply = byType.get(2) ?? 0;
  const update = byType.get(3) ?? 0;
  return { total: system + reply + update, system, reply, update };
}

/** A message's text parameters: strings and numbers only (anything else is left out). */
function parseParams(json: string): Record<string, string | number> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
  } catch {
    return {};
  }
}
