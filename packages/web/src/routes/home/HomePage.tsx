import { HomeTab, type HomeTabValue } from '@dm51/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { EmptyState } from '../../components/empty-state/EmptyState';
import { EntryGlyph, type GlyphName } from '../../components/icons/EntryGlyph';
import { InstallBanner } from '../../components/install-banner/InstallBanner';
import { homeTabFromSearch } from '../../components/tabbar/tab-items';
import { QueryError } from '../../components/query-state/QueryError';
import { WorkGridSkeleton } from '../../components/work-card/WorkGrid';
import { useHomeQuery } from '../../state/queries/home';
import { HomeFeed, isHomeEmpty } from './HomeFeed';

/** The anime feed is its own chunk: most visits open the comics tab. */
const AnimeSection = lazy(() =>
  import('../anime/AnimeSection').then((module) => ({ default: module.AnimeSection })),
);
import './home.css';
import './home-feed.css';

/**
 * The top tabs in the bottom bar's order (spec §2: comics, novels, anime), so the two rows agree;
 * the values stay the spec's tab values (0 comics, 1 anime, 2 novels).
 */
const TOP_TABS: {
  value: HomeTabValue;
  labelKey: string;
  emptyKey: string;
  art: 'comics' | 'anime' | 'novels';
}[] = [
  { value: HomeTab.COMICS, labelKey: 'home.tabComics', emptyKey: 'home.emptyComics', art: 'comics' },
  { value: HomeTab.NOVELS, labelKey: 'home.tabNovels', emptyKey: 'home.emptyNovels', art: 'novels' },
  { value: HomeTab.ANIME, labelKey: 'home.tabAnime', emptyKey: 'home.emptyAnime', art: 'anime' },
];

/** Shortcuts to real pages (no content needed), so the home page is useful before the catalogue. */
const SHORTCUTS: { id: string; path: string; labelKey: string; glyph: GlyphName }[] = [
  { id: 'ranking', path: '/pages/sort/ranking', labelKey: 'route.ranking', glyph: 'trophy' },
  { id: 'sort', path: '/pages/sort/sort', labelKey: 'route.sort', glyph: 'grid' },
  { id: 'bookHistory', path: '/pages/book/history', labelKey: 'user.entryHistory', glyph: 'history' },
  { id: 'book', path: '/pages/book/book', labelKey: 'user.entryBookshelf', glyph: 'shelf' },
];

/**
 * Home (/pages/home/home?tab=0|1|2): the comics and novels tabs show /v3/comic/index and
 * /v3/book/index (banner, reco, news, categories); an empty catalogue, and the anime tab until the
 * anime pages exist, show an honest empty state instead of invented titles.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = homeTabFromSearch(params.toString());
  const current = TOP_TABS.find((item) => item.value === tab) ?? TOP_TABS[0]!;
  const searchPath = tab === HomeTab.ANIME ? '/pages/anime/search' : '/pages/home/search/search';
  const home = useHomeQuery(tab);
  const empty = (
    <EmptyState
      kind={current.art}
      title={t(current.emptyKey)}
      hint={t('home.emptyHint')}
      testId="home-empty"
      action={
        <button
          type="button"
          className="empty-state__action"
          data-testid="home-browse"
          onClick={() => navigate('/pages/sort/sort', { replace: true })}
        >
          {t('home.browse')}
        </button>
      }
    />
  );
  const shortcuts = (
    <nav className="home__shortcuts">
      {SHORTCUTS.map((item) => (
        <button
          key={item.id}
          type="button"
          className="home__shortcut"
          data-testid={`home-shortcut-${item.id}`}
          onClick={() => navigate(item.path, { replace: item.id === 'sort' })}
        >
          <span className="home__shortcut-icon">
            <EntryGlyph name={item.glyph} size={22} />
          </span>
          <span className="home__shortcut-label">{t(item.labelKey)}</span>
        </button>
      ))}
    </nav>
  );
  const showFeed = tab !== HomeTab.ANIME && home.isSuccess && !isHomeEmpty(home.data);
  let content;
  if (tab === HomeTab.ANIME)
    content = (
      <section className="home__content">
        <Suspense fallback={<WorkGridSkeleton />}>
          <AnimeSection pullToRefresh={false} />
        </Suspense>
      </section>
    );
  else if (home.isPending)
    content = (
      <section className="home__loading" aria-busy="true">
        <div className="home__banner-skeleton" />
        <WorkGridSkeleton />
      </section>
    );
  else if (home.isError)
    content = (
      <section className="home__content">
        <QueryError onRetry={() => void home.refetch()} testId="home-error" />
      </section>
    );
  else content = <section className="home__content">{empty}</section>;

  return (
    <div className="page home" data-testid="home-page">
      <header className="home__header">
        <div className="home__tabs" role="tablist">
          {TOP_TABS.map((item) => (
            <button
              key={item.value}
              type="button"
              role="tab"
              aria-selected={item.value === tab}
              className={`home__tab${item.value === tab ? ' home__tab--active' : ''}`}
              data-testid={`home-tab-${item.value}`}
              onClick={() => setParams({ tab: String(item.value) }, { replace: true })}
            >
              {t(item.labelKey)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="home__search"
          data-testid="home-search"
          onClick={() => navigate(searchPath)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{t('home.searchPlaceholder')}</span>
        </button>
      </header>
      <InstallBanner />
      {showFeed ? (
        <HomeFeed data={home.data} tab={tab} afterBanner={shortcuts} />
      ) : (
        <>
          {shortcuts}
          {content}
        </>
      )}
    </div>
  );
}
