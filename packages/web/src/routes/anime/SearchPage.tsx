import { WorkType } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkRows } from '../../components/work-card/WorkGrid';
import { useSearchResults } from '../../state/queries/search';
import { useSearchTracking } from '../home/search/use-search-tracking';
import type { PageProps } from '../page-props';
import './anime.css';

/** Search anime (/pages/anime/search; the shell draws the default navigation bar and its title). */
export default function SearchPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [value, setValue] = useState(keyword);
  const list = useSearchResults(keyword, WorkType.ANIME);
  useSearchTracking(keyword, WorkType.ANIME);
  return (
    <div className="page anime-search" data-testid="anime-search-page">
      <form
        className="anime-search__form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(value.trim() ? { keyword: value.trim() } : {}, { replace: true });
        }}
      >
        <input
          type="search"
          className="anime-search__input"
          data-testid="anime-search-input"
          value={value}
          maxLength={50}
          placeholder={t('anime.searchPlaceholder')}
          aria-label={t('anime.searchPlaceholder')}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="anime-search__go" data-testid="anime-search-submit">
          {t('anime.searchGo')}
        </button>
      </form>
      {keyword && (
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh ?? true}
          empty={{
            title: t('catalogue.searchEmpty', { keyword }),
            hint: t('catalogue.searchEmptyHint'),
            kind: 'anime',
          }}
          testId="anime-search-results"
        >
          {(items) => <WorkRows items={items} />}
        </PagedListView>
      )}
    </div>
  );
}
