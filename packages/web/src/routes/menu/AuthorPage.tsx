import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PagedListView } from '../../components/paged-list/PagedListView';
import { WorkRows } from '../../components/work-card/WorkGrid';
import { idParam } from '../../lib/id-param';
import { useAuthorWorks } from '../../state/queries/catalogue';
import type { PageProps } from '../page-props';
import './author.css';

/** Author page (/pages/menu/author?id=AUTHOR): the author and their works of every kind; paged. */
export default function AuthorPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  const list = useAuthorWorks(id);
  const author = list.author;
  return (
    <div className="page author-page" data-testid="author-page">
      <NavBar title={author?.name ?? t(route.titleKey)} />
      {author && (
        <header className="author-page__head">
          <span className="author-page__avatar" aria-hidden="true">
            {author.name.slice(0, 1)}
          </span>
          <div>
            <h1 className="author-page__name" data-testid="author-name">
              {author.name}
            </h1>
            <p className="author-page__count">{t('catalogue.authorWorks', { count: author.work_count })}</p>
          </div>
        </header>
      )}
      <div className="author-page__list">
        <PagedListView
          list={list}
          pullToRefresh={route.pullToRefresh}
          empty={{ title: t('catalogue.noResults') }}
          testId="author-works"
        >
          {(items) => <WorkRows items={items} showType />}
        </PagedListView>
      </div>
    </div>
  );
}
