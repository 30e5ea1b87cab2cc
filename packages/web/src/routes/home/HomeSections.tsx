import { HomeTab } from '@dm51/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { QueryError } from '../../components/query-state/QueryError';
import { WorkGrid, WorkGridSkeleton } from '../../components/work-card/WorkGrid';
import { genreLabel } from '../../lib/genre-label';
import { useNearScreen } from '../../lib/use-near-screen';
import { useHomeSectionsQuery } from '../../state/queries/home';
import { HomeSection } from './HomeSection';

/** How far below the screen the sections' place may be for them to be asked for at once. */
const NEAR_MARGIN = '300px';
/** Covers shown per category on home; its "more" link lists them all. */
const CARDS_PER_SECTION = 6;

/**
 * True once the reader heads for the element: it comes within NEAR_MARGIN of the screen, or the
 * page scrolls for the first time, which starts the call about one screen before the sections are
 * reached. A visitor who never scrolls never asks for them.
 */
function useWantedSoon(element: Element | null): boolean {
  const near = useNearScreen(element, NEAR_MARGIN);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (near || scrolled) return;
    const onScroll = () => setScrolled(true);
    // The page's own scroll only: the newest strip above scrolls sideways, once even by itself at
    // load (its snap settling), which says nothing about heading down.
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [near, scrolled]);
  return near || scrolled;
}

/**
 * Home's category sections: asked for apart from the first screen, when the reader
 * heads for them (landing-fetch.ts says why); a skeleton holds their place until then.
 */
export function HomeSections({ tab }: { tab: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [place, setPlace] = useState<HTMLElement | null>(null);
  const wanted = useWantedSoon(place);
  const sections = useHomeSectionsQuery(tab, wanted);
  const type = tab === HomeTab.NOVELS ? 1 : 0;

  if (sections.isError)
    return (
      <section className="home-section">
        <QueryError onRetry={() => void sections.refetch()} testId="home-sections-error" />
      </section>
    );
  if (!sections.data)
    return (
      <section
        ref={setPlace}
        className="home-section"
        data-testid="home-sections-placeholder"
        aria-busy={wanted}
        aria-label={t('common.loading')}
      >
        <span className="home-sections__title-skeleton" />
        <WorkGridSkeleton count={3} />
      </section>
    );
  return (
    <>
      {sections.data.map((group) => (
        <HomeSection
          key={group.id}
          title={genreLabel(group.name, i18n.language)}
          testId={`home-class-${group.id}`}
          onMore={() => navigate(`/pages/home/sort/homeSort?type=${type}&category=${group.id}`)}
        >
          <WorkGrid items={group.list.slice(0, CARDS_PER_SECTION)} />
        </HomeSection>
      ))}
    </>
  );
}
