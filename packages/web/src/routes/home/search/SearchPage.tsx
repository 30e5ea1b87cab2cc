import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { useClearRecentSearches, usePopularSearches, useRecentSearches } from '../../../state/queries/search';
import { SearchBox } from './SearchBox';

export function searchListPath(keyword: string): string {
  return `/pages/home/search/searchList?keyword=${encodeURIComponent(keyword)}`;
}

/** Search (/pages/home/search/search): the box, recent searches (clearable) and popular searches. */
export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recent = useRecentSearches();
  const popular = usePopularSearches();
  const clear = useClearRecentSearches();
  const go = (keyword: string) => navigate(searchListPath(keyword));

  return (
    <div className="page search-page" data-testid="search-page">
      <SearchBox initial="" onSubmit={go} autoFocus />
      {recent.data && recent.data.length > 0 && (
        <section className="search-section" data-testid="search-recent">
          <header className="search-section__head">
            <h2>{t('catalogue.recentSearches')}</h2>
            <button
              type="button"
              className="search-section__clear"
              data-testid="search-recent-clear"
              disabled={clear.isPending}
              onClick={() => clear.mutate()}
            >
              {t('catalogue.clear')}
            </button>
          </header>
          <div className="search-section__chips">
            {recent.data.map((item) => (
              <button
                key={item.keyword}
                type="button"
                className="search-chip"
                data-testid="search-recent-item"
                onClick={() => go(item.keyword)}
              >
                {item.keyword}
              </button>
            ))}
          </div>
        </section>
      )}
      <section className="search-section" data-testid="search-popular">
        <header className="search-section__head">
          <h2>{t('catalogue.popularSearches')}</h2>
        </header>
        {popular.data && popular.data.length > 0 ? (
          <ol className="search-hot">
            {popular.data.map((item, i) => (
              <li key={item.keyword}>
                <button
                  type="button"
                  className="search-hot__item"
                  data-testid="search-popular-item"
                  onClick={() => go(item.keyword)}
                >
                  <span className={`search-hot__rank search-hot__rank--${Math.min(i + 1, 4)}`}>{i + 1}</span>
                  <span className="search-hot__word">{item.keyword}</span>
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="search-section__none">{t('catalogue.noPopular')}</p>
        )}
      </section>
    </div>
  );
}
