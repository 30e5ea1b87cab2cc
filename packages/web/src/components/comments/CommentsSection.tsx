import { WorkType, type CommentItem, type CommentWithReplies } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { PagedListView } from '../paged-list/PagedListView';
import { useBlacklist, useCommentList, type CommentSort } from '../../state/queries/comment';
import { CommentInput, type ReplyTarget } from './CommentInput';
import { CommentThread } from './CommentThread';
import { authorName } from './comment-text';
import './comments.css';

export interface CommentsSectionProps {
  workId: number;
  /** 0 comic, 1 novel, 2 anime (WorkType). */
  type: number;
  /**
   * 'preview' (detail pages): the first page and a link to the full list; 'full' (the review page):
   * paged with pull-to-refresh.
   */
  mode?: 'preview' | 'full';
}

/**
 * Comments of one work, self-contained: sort tabs, threads with replies, likes, report and block,
 * and the comment box. Mount on a detail page with `<CommentsSection workId={id} type={0} />`.
 */
export function CommentsSection({ workId, type, mode = 'preview' }: CommentsSectionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<CommentSort>('new');
  const [reply, setReply] = useState<ReplyTarget | null>(null);
  const list = useCommentList(workId, sort, mode === 'preview' ? 5 : undefined);
  const blacklist = useBlacklist();
  // Spec §2: the comment list's empty text says there are no comics (the kind of the work here).
  const emptyText = t(
    type === WorkType.NOVEL
      ? 'home.emptyNovels'
      : type === WorkType.ANIME
        ? 'home.emptyAnime'
        : 'home.emptyComics',
  );
  const visible = (items: CommentWithReplies[]) => items.filter((item) => !blacklist.includes(item.uid));

  const onReply = (target: CommentItem, father: CommentWithReplies) =>
    setReply({
      fatherId: father.id,
      childId: target.id === father.id ? 0 : target.id,
      userId: target.uid,
      name: authorName(target, t('community.anonymous')),
    });

  const threads = (items: CommentWithReplies[]) => (
    <div className="comments__list">
      {visible(items).map((thread) => (
        <CommentThread key={thread.id} thread={thread} onReply={onReply} />
      ))}
    </div>
  );

  return (
    <section className={`comments comments--${mode}`} data-testid="comments-section" data-work-type={type}>
      <div className="comments__head">
        <h2 className="comments__title">
          {t('community.comments')} <span data-testid="comments-total">{list.total}</span>
        </h2>
        <div className="comments__sort" role="tablist">
          {(['new', 'hot'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={sort === key}
              className={`comments__sort-item${sort === key ? ' comments__sort-item--on' : ''}`}
              data-testid={`comments-sort-${key}`}
              onClick={() => setSort(key)}
            >
              {t(key === 'new' ? 'community.newest' : 'community.hottest')}
            </button>
          ))}
        </div>
      </div>
      {mode === 'full' ? (
        <PagedListView
          list={list}
          pullToRefresh
          empty={{ title: emptyText, kind: type === WorkType.NOVEL ? 'novels' : 'comics' }}
          testId="comments-list"
        >
          {threads}
        </PagedListView>
      ) : (
        <>
          {list.items.length === 0 && !list.isLoading ? (
            <p className="comments__empty" data-testid="comments-empty">
              {emptyText}
            </p>
          ) : list.items.length === 0 ? (
            // The empty line's height while loading, so the input below does not jump when the
            // (usually empty) answer arrives: a layout shift Lighthouse counted on every detail page.
            <p className="comments__empty" aria-hidden="true">
              &nbsp;
            </p>
          ) : (
            threads(list.items)
          )}
          {list.total > list.items.length && (
            <button
              type="button"
              className="comments__all"
              data-testid="comments-all"
              onClick={() => void navigate(`/pages/cartoon/review?column=${workId}&type=${type}`)}
            >
              {t('community.viewAll', { count: list.total })}
            </button>
          )}
        </>
      )}
      <div className="comments__input-space" />
      <CommentInput workId={workId} reply={reply} onCancelReply={() => setReply(null)} />
    </section>
  );
}
