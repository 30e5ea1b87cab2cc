import { SEARCH_KEYWORD_MAX, WorkType } from '@dm51/shared';
import { Button, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkRows } from '../../components/work-card/WorkGrid';
import { useSearchResults } from '../../state/queries/search';
import { useSearchTracking } from '../home/search/use-search-tracking';
import type { PageProps } from '../page-props';
import './anime.css';

/**
 * Search anime (/pages/anime/search): the spec's default navigation bar titled 'search anime', then
 * antd-mobile's search bar and button, so the field, its clear icon and the button take the theme.
 */
export default function SearchPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [value, setValue] = useState(keyword);
  const list = useSearchResults(keyword, WorkType.ANIME);
  useSearchTracking(keyword, WorkType.ANIME);
  const submit = (next: string) => setParams(next.trim() ? { keyword: next.trim() } : {}, { replace: true });
  return (
    <div className="page anime-search" data-testid="anime-search-page">
      <NavBar title={t(route.titleKey)} />
      <form
        className="anime-search__form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit(value);
        }}
      >
        <SearchBar
          className="anime-search__input"
          data-testid="anime-search-input"
          value={value}
          maxLength={SEARCH_KEYWORD_MAX}
          placeholder={t('anime.searchPlaceholder')}
          onChange={setValue}
          onSearch={submit}
          // Clearing the field clears the results too, as a new empty search would.
          onClear={() => submit('')}
        />
        <Button
          type="submit"
          color="primary"
          shape="rounded"
          className="anime-search__go"
          data-testid="anime-search-submit"
        >
          {t('anime.searchGo')}
        </Button>
      </form>
      {keyword && (
        <div className="anime-search__results">
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
        </div>
      )}
    </div>
  );
}
