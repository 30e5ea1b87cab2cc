import { type CommentItem, type CommentWithReplies } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlacklist, useCommentChildren } from '../../state/queries/comment';
import { CommentRow } from './CommentRow';

/**
 * A top-level comment with its replies (spec §4): the first 2 plus any new; when there are more,
 * 'expand N replies' loads them all and 'collapse' goes back.
 */
export function CommentThread({
  thread,
  onReply,
}: {
  thread: CommentWithReplies;
  onReply: (target: CommentItem, father: CommentWithReplies) => void;
}) {
  const { t } = useTranslation();
  const blacklist = useBlacklist();
  const [expanded, setExpanded] = useState(false);
  const hidden = thread.child_total - thread.child.length;
  const all = useCommentChildren(thread.id, expanded);
  const replies = (expanded && all.data ? all.data.list : thread.child).filter(
    (reply) => !blacklist.includes(reply.uid),
  );
  return (
    <div className="comment-thread" data-testid={`comment-thread-${thread.id}`}>
      <CommentRow item={thread} onReply={(item) => onReply(item, thread)} />
      {replies.length > 0 && (
        <div className="comment-thread__replies" data-testid={`comment-replies-${thread.id}`}>
          {replies.map((reply) => (
            <CommentRow key={reply.id} item={reply} onReply={(item) => onReply(item, thread)} />
          ))}
        </div>
      )}
      {hidden > 0 && (
        <button
          type="button"
          className="comment-thread__toggle"
          data-testid={`comment-expand-${thread.id}`}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('community.collapse') : t('community.expand', { count: hidden })}
        </button>
      )}
    </div>
  );
}
