import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkGrid } from '../../components/work-card/WorkGrid';
import { useAnimeFavorites } from '../../state/queries/anime';
import type { PageProps } from '../page-props';
import '../sort/sort.css';

/** Favourite anime (/pages/anime/favorites), most recently added first; paged, pull-to-refresh. */
export default function FavoritesPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAnimeFavorites();
  return (
    <div className="page sort-page" data-testid="anime-favorites-page">
      <NavBar title={t(route.titleKey)} />
      <div className="sort-page__results">
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh ?? true}
          empty={{
            title: t('anime.emptyFavorites'),
            hint: t('anime.emptyFavoritesHint'),
            kind: 'anime',
            action: (
              <button type="button" className="anime-link" onClick={() => navigate('/pages/anime/list')}>
                {t('anime.browse')}
              </button>
            ),
          }}
          testId="anime-favorites"
        >
          {(items) => <WorkGrid items={items} />}
        </PagedListView>
      </div>
    </div>
  );
}
