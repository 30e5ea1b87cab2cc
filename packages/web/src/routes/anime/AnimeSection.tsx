import { WorkType } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkGrid } from '../../components/work-card/WorkGrid';
import { useWorkList } from '../../state/queries/catalogue';
import { ForYouSection } from '../home/ForYouSection';
import '../home/home-feed.css';
import './anime.css';

const SHORTCUTS = [
  { path: '/pages/anime/list', key: 'anime.shortcutAll', id: 'list' },
  { path: '/pages/anime/tag', key: 'anime.shortcutTags', id: 'tag' },
  { path: '/pages/anime/favorites', key: 'anime.shortcutFavorites', id: 'favorites' },
  { path: '/pages/anime/search', key: 'anime.shortcutSearch', id: 'search' },
] as const;

/**
 * The anime feed: shortcuts (all, tags, favourites, search), "for you" (hidden when empty), then the
 * newest anime as cards, paged, with pull-to-refresh. The anime tab renders it; the home page's
 * anime tab (value 1) can mount it.
 */
export function AnimeSection({ pullToRefresh = true }: { pullToRefresh?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useWorkList({ type: WorkType.ANIME, order: 'new' });
  return (
    <div className="anime-section" data-testid="anime-section">
      <nav className="anime-section__shortcuts">
        {SHORTCUTS.map((s) => (
          <button
            key={s.id}
            type="button"
            className="anime-section__shortcut"
            data-testid={`anime-shortcut-${s.id}`}
            onClick={() => navigate(s.path)}
          >
            {t(s.key)}
          </button>
        ))}
      </nav>
      <ForYouSection type={WorkType.ANIME} wanted />
      <h2 className="anime-section__head">{t('anime.newest')}</h2>
      <div className="anime-section__grid">
        <PagedListView
          list={list}
          pullToRefresh={pullToRefresh}
          empty={{ title: t('anime.empty'), hint: t('anime.emptyHint'), kind: 'anime' }}
          testId="anime-feed"
        >
          {(items) => <WorkGrid items={items} />}
        </PagedListView>
      </div>
    </div>
  );
}
