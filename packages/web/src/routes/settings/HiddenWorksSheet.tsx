import { TOAST_MS } from '@dm51/shared';
import { Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WorkCover } from '../../components/generated-cover/WorkCover';
import { useHiddenWorks, useUnhideWork } from '../../state/queries/recommendation';
import './hidden-works.css';

/**
 * Settings → hidden from recommendations: the works this reader marked "not interested", each with
 * a "Show again" button. Hidden works appear nowhere else, so this is the one place to undo it.
 */
export function HiddenWorksSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const hidden = useHiddenWorks(open);
  const unhide = useUnhideWork();

  const showAgain = (id: number) =>
    unhide.mutate(id, {
      onSuccess: () => Toast.show({ content: t('settings.shownAgain'), duration: TOAST_MS.product }),
    });

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="hidden-works">
      <div data-testid="hidden-works">
        <h2 className="hidden-works__title">{t('settings.hiddenWorks')}</h2>
        <p className="hidden-works__hint">{t('settings.hiddenWorksHint')}</p>
        {!hidden.isLoading && !hidden.isError && hidden.items.length === 0 && (
          <p className="hidden-works__empty" data-testid="hidden-works-empty">
            {t('settings.noHiddenWorks')}
          </p>
        )}
        <ul className="hidden-works__list">
          {hidden.items.map((work) => (
            <li
              key={work.relate_id}
              className="hidden-works__item"
              data-testid={`hidden-work-${work.relate_id}`}
            >
              <WorkCover
                src={work.pic}
                title={work.name}
                author={work.author}
                className="hidden-works__cover"
              />
              <span className="hidden-works__name">{work.name}</span>
              <button
                type="button"
                className="hidden-works__show"
                data-testid={`show-again-${work.relate_id}`}
                disabled={unhide.isPending}
                onClick={() => showAgain(work.relate_id)}
              >
                {t('settings.showAgain')}
              </button>
            </li>
          ))}
        </ul>
        {hidden.status === 'more' && (
          <button
            type="button"
            className="hidden-works__more"
            data-testid="hidden-works-more"
            onClick={hidden.loadMore}
          >
            {t('settings.hiddenWorksMore')}
          </button>
        )}
      </div>
    </Popup>
  );
}
