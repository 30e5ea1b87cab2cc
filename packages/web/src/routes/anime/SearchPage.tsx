import { SEARCH_KEYWORD_MAX, WorkType } from '@dm51/shared';
import { Button, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkRows } from '../../components/work-card/WorkGrid';
import { useSearchResults } from '../../state/queries/search';
import { SearchDidYouMean } from '../home/search/SearchDidYouMean';
import { SearchSuggestions } from '../home/search/SearchSuggestions';
import { useSearchTracking } from '../home/search/use-search-tracking';
import type { PageProps } from '../page-props';
import './anime.css';

/**
 * Search anime (/pages/anime/search): the spec's default navigation bar titled 'search anime', then
 * antd-mobile's search bar and button, so the field, its clear icon and the button take the theme.
 * As on the home search, anime titles and authors are suggested while the field has focus and holds
 * something other than what was searched, and a corrected or better keyword is offered above the
 * results.
 */
export default function SearchPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [value, setValue] = useState(keyword);
  const [focused, setFocused] = useState(false);
  const list = useSearchResults(keyword, WorkType.ANIME);
  // The keyword as the server searched it when it corrected a word.
  const suggestion = list.firstPage?.suggestion ?? '';
  // A keyword that finds clearly more than the few anime found for this one.
  const offered = list.firstPage?.didYouMean ?? '';
  useSearchTracking(keyword, WorkType.ANIME);
  const submit = (next: string) => setParams(next.trim() ? { keyword: next.trim() } : {}, { replace: true });
  const searchFor = (next: string) => {
    setValue(next);
    setFocused(false);
    submit(next);
  };
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
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
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
        {focused && value.trim() !== keyword && (
          <SearchSuggestions typed={value} type={WorkType.ANIME} onSearch={searchFor} />
        )}
      </form>
      {keyword && (
        <SearchDidYouMean keyword={keyword} suggestion={suggestion} offered={offered} onSearch={searchFor} />
      )}
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
