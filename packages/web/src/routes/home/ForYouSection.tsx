import type { ForYouItem } from '@dm51/shared';
import { ActionSheet, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MixedListCard } from '../../components/mixed-list-card/MixedListCard';
import { useForYouQuery, useHideWork, useUnhideWork } from '../../state/queries/recommendation';
import { HomeSection } from './HomeSection';
import '../../components/work-card/work-grid.css';
import './for-you.css';

/** Covers "for you" shows on home (two rows of the grid). */
const CARDS = 6;
/** Long enough to read the toast and reach its Undo with a thumb; a plain toast is shorter. */
const UNDO_MS = 4_000;

/**
 * Home's "For you": the operator's pins, then works read by readers who read what this reader
 * reads, then the kind's popular works (/v3/reco/for_you). Asked for once `wanted` (below the
 * first screen); nothing shows while it loads, when it fails or when it is empty. Each card's "⋯"
 * offers "Not interested": the card leaves at once and a toast offers Undo.
 */
export function ForYouSection({ type, wanted }: { type: number; wanted: boolean }) {
  const { t } = useTranslation();
  const forYou = useForYouQuery(type, wanted);
  const hide = useHideWork();
  const unhide = useUnhideWork();
  const items = forYou.data?.list ?? [];
  if (items.length === 0) return null;

  const notInterested = (item: ForYouItem) => {
    // Not mutate's own callbacks: hiding the last card unmounts the section before the answer.
    void hide.mutateAsync(item.relate_id).then(
      () => {
        const toast = Toast.show({
          position: 'bottom',
          duration: UNDO_MS,
          maskClassName: 'for-you__toast-mask',
          content: (
            <span className="for-you__toast" data-testid="for-you-hidden-toast">
              <span>{t('catalogue.notInterestedDone')}</span>
              <button
                type="button"
                className="for-you__undo"
                data-testid="for-you-undo"
                onClick={() => {
                  toast.close();
                  unhide.mutate(item.relate_id);
                }}
              >
                {t('catalogue.undo')}
              </button>
            </span>
          ),
        });
      },
      () => undefined, // shown by the client
    );
  };

  const openMenu = (item: ForYouItem) => {
    ActionSheet.show({
      extra: item.name,
      cancelText: t('catalogue.cancel'),
      closeOnAction: true,
      actions: [
        {
          key: 'not-interested',
          text: <span data-testid="for-you-not-interested">{t('catalogue.notInterested')}</span>,
          onClick: () => notInterested(item),
        },
      ],
    });
  };

  return (
    <HomeSection title={t('catalogue.sectionForYou')} testId="home-for-you">
      <div className="work-grid">
        {items.slice(0, CARDS).map((item) => (
          <div key={`${item.type}:${item.relate_id}`} className="for-you__item">
            <MixedListCard item={item} />
            <button
              type="button"
              className="for-you__menu"
              aria-label={t('catalogue.cardMenu', { name: item.name })}
              data-testid={`for-you-menu-${item.relate_id}`}
              onClick={() => openMenu(item)}
            >
              ⋯
            </button>
          </div>
        ))}
      </div>
    </HomeSection>
  );
}
