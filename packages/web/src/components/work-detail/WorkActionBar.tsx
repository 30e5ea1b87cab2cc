import type { WorkDetail } from '@dm51/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareButton } from '../task-share/ShareButton';
import { ChatButton } from '../ai-chat/ChatButton';
import { HeartIcon } from './HeartIcon';

/**
 * A detail page's bottom bar (comics, novels and anime alike): the favourite toggle with its heart, sharing (task centre) and the main action (read or watch, from the
 * start or where the user left off), whose label and target are the page's own.
 */
export function WorkActionBar({
  work,
  favorite,
  action,
  extra,
}: {
  work: WorkDetail;
  favorite: { isPending: boolean; mutate: (on: boolean) => void };
  /** `note`: a small second line under the label (where KOReader's sync saved the place). */
  action: { testId: string; label: string; note?: string; disabled: boolean; onClick: () => void };
  /** More small buttons beside sharing (the download button). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <footer className="work-detail__bar">
      <button
        type="button"
        className={`work-detail__fav${work.is_favorite ? ' work-detail__fav--on' : ''}`}
        data-testid="detail-favorite"
        aria-pressed={work.is_favorite === 1}
        disabled={favorite.isPending}
        onClick={() => favorite.mutate(work.is_favorite !== 1)}
      >
        <HeartIcon filled={work.is_favorite === 1} />
        <span>{work.is_favorite ? t('catalogue.favorited') : t('catalogue.favorite')}</span>
      </button>
      <ShareButton work={work} />
      <ChatButton work={work} />
      {extra}
      <button
        type="button"
        className={`work-detail__read${action.note ? ' work-detail__read--noted' : ''}`}
        data-testid={action.testId}
        disabled={action.disabled}
        onClick={action.onClick}
      >
        {action.note ? (
          <>
            <span className="work-detail__read-label">{action.label}</span>
            <span className="work-detail__read-note" data-testid={`${action.testId}-note`}>
              {action.note}
            </span>
          </>
        ) : (
          action.label
        )}
      </button>
    </footer>
  );
}
