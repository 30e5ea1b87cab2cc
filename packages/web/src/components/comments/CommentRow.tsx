import { REPORT_SUCCESS_MESSAGE, TOAST_MS, type CommentItem } from '@dm51/shared';
import { ActionSheet, Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../lib/display-name';
import { useRelativeTime } from '../../lib/relative-time';
import { useSession } from '../../state/use-session';
import { useBlockAuthor, useReportComment, useToggleZan } from '../../state/queries/comment';
import { CommentAvatar } from './CommentAvatar';
import { CommentImages } from './CommentImages';
import { authorName } from './comment-text';

const REASONS = ['spam', 'abuse', 'porn', 'spoiler', 'other'] as const;

/** One comment or reply: author, time, 'reviewing' tag, text, pictures, like, reply and ⋯ menu. */
export function CommentRow({ item, onReply }: { item: CommentItem; onReply: (item: CommentItem) => void }) {
  const { t } = useTranslation();
  const when = useRelativeTime();
  const session = useSession();
  const zan = useToggleZan();
  const report = useReportComment();
  const block = useBlockAuthor();
  const name = displayName(authorName(item, t('community.anonymous')), t);
  const self = item.is_mine === 1 || (item.uid > 0 && item.uid === session.uid);

  const onReport = () => {
    ActionSheet.show({
      extra: t('community.reportTitle'),
      cancelText: t('community.cancel'),
      actions: REASONS.map((reason) => ({
        key: reason,
        text: t(`community.reason.${reason}`),
        onClick: async () => {
          try {
            await report.mutateAsync({ id: item.id, reason });
            Toast.show({
              content: t('community.reported', { defaultValue: REPORT_SUCCESS_MESSAGE }),
              duration: TOAST_MS.product,
            });
          } catch {
            // shown by the client
          }
        },
      })),
      closeOnAction: true,
    });
  };

  const onBlock = async () => {
    if (self) {
      Toast.show({ content: t('community.selfBlock'), duration: TOAST_MS.product });
      return;
    }
    const ok = await Dialog.confirm({
      content: t('community.blockConfirm', { name }),
      confirmText: t('community.block'),
      cancelText: t('community.cancel'),
    });
    if (!ok) return;
    try {
      await block.mutateAsync({ uid: item.uid, block: true });
      Toast.show({ content: t('community.blocked'), duration: TOAST_MS.product });
    } catch {
      // shown by the client
    }
  };

  const onMore = () => {
    ActionSheet.show({
      cancelText: t('community.cancel'),
      closeOnAction: true,
      actions: [
        { key: 'report', text: t('community.report'), onClick: onReport },
        ...(item.uid > 0
          ? [{ key: 'block', text: t('community.block'), danger: true, onClick: () => void onBlock() }]
          : []),
      ],
    });
  };

  return (
    <div className="comment-row" data-testid={`comment-${item.id}`} data-uid={item.uid}>
      <CommentAvatar src={item.upic} name={name} />
      <div className="comment-row__body">
        <div className="comment-row__head">
          <span className="comment-row__name">{name}</span>
          {item.status === 0 && (
            <span className="comment-row__tag" data-testid={`comment-reviewing-${item.id}`}>
              {t('community.reviewing')}
            </span>
          )}
          <button
            type="button"
            className="comment-row__more"
            aria-label={t('community.more')}
            data-testid={`comment-more-${item.id}`}
            onClick={onMore}
          >
            ⋯
          </button>
        </div>
        {item.text && (
          <p className="comment-row__text">
            {item.to_nichen && item.to_child_id > 0 && (
              <span className="comment-row__to">
                {t('community.replyTo', { name: displayName(item.to_nichen, t) })}{' '}
              </span>
            )}
            {item.text}
          </p>
        )}
        <CommentImages images={item.imgList} testId={`comment-images-${item.id}`} />
        <div className="comment-row__foot">
          <span className="comment-row__time">{when(item.addtime)}</span>
          <button
            type="button"
            className="comment-row__action"
            data-testid={`comment-reply-${item.id}`}
            onClick={() => onReply(item)}
          >
            {t('community.reply')}
          </button>
          <button
            type="button"
            className={`comment-row__action${item.is_zan ? ' comment-row__action--on' : ''}`}
            data-testid={`comment-like-${item.id}`}
            aria-pressed={item.is_zan === 1}
            disabled={zan.isPending}
            onClick={() => zan.mutate({ id: item.id, like: item.is_zan !== 1 })}
          >
            ♥ {item.zan}
          </button>
        </div>
      </div>
    </div>
  );
}
