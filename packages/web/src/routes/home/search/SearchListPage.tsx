import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { FilterChips } from '../../../components/filter-chips/FilterChips';
import { PagedListView } from '../../../components/paged-list/PagedListView';
import { WorkRows } from '../../../components/work-card/WorkGrid';
import { useSearchResults } from '../../../state/queries/search';
import type { PageProps } from '../../page-props';
import { SearchBox } from './SearchBox';
import { SearchDidYouMean } from './SearchDidYouMean';
import { useSearchTracking } from './use-search-tracking';

/** Search results (/pages/home/search/searchList?keyword=...): ranked, paged, pull-to-refresh. */
export default function SearchListPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const rawType = params.get('type');
  const type = rawType === '0' || rawType === '1' ? Number(rawType) : -1;
  const list = useSearchResults(keyword, type);
  // The keyword as the server searched it when it corrected a word ("Captian" → "Captain").
  const suggestion = list.firstPage?.suggestion ?? '';
  // A keyword that finds clearly more than the few works found for this one ("mistery" → "mystery").
  const offered = list.firstPage?.didYouMean ?? '';
  useSearchTracking(keyword, type);
  const set = (next: { keyword?: string; type?: number }) => {
    const nextType = next.type ?? type;
    const search: Record<string, string> = { keyword: next.keyword ?? keyword };
    if (nextType !== -1) search.type = String(nextType);
    setParams(search, { replace: true });
  };

  return (
    <div className="page search-page" data-testid="search-list-page">
      <SearchBox key={keyword} initial={keyword} type={type} onSubmit={(value) => set({ keyword: value })} />
      <FilterChips
        testId="search-type"
        label={t('catalogue.filterType')}
        value={type}
        onChange={(value) => set({ type: value })}
        options={[
          { value: -1, label: t('catalogue.all') },
          { value: 0, label: t('home.tabComics') },
          { value: 1, label: t('home.tabNovels') },
        ]}
      />
      <SearchDidYouMean
        keyword={keyword}
        suggestion={suggestion}
        offered={offered}
        onSearch={(value) => set({ keyword: value })}
      />
      <div className="search-results">
        {keyword === '' ? (
          <button
            type="button"
            className="search-section__none"
            onClick={() => navigate('/pages/home/search/search')}
          >
            {t('catalogue.searchPlaceholder')}
          </button>
        ) : (
          <PagedListView
            list={list}
            pullToRefresh={route.pullToRefresh}
            empty={{ title: t('catalogue.searchEmpty', { keyword }), hint: t('catalogue.searchEmptyHint') }}
            testId="search-results"
          >
            {(items) => <WorkRows items={items} showType />}
          </PagedListView>
        )}
      </div>
    </div>
  );
}
