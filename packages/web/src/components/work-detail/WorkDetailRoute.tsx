import { ApiCode } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { isApiCode } from '../../lib/api/errors';
import { idParam } from '../../lib/id-param';
import { useChapters, useWorkDetail } from '../../state/queries/catalogue';
import { EmptyState } from '../empty-state/EmptyState';
import { NavBar } from '../nav-bar/NavBar';
import { PageLoading } from '../page-state/PageLoading';
import { QueryError } from '../query-state/QueryError';
import { WorkDetailView } from './WorkDetailView';

/** `/pages/cartoon/details?column=ID` and `/pages/novel/cover?column=ID`. */
export function WorkDetailRoute({ type }: { type: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params, 'column');
  const detail = useWorkDetail(type, id);
  const chapters = useChapters(type, id);

  const missing = id === 0 || isApiCode(detail.error, ApiCode.CONTENT_NOT_FOUND);
  if (missing)
    return (
      <div className="page">
        <NavBar title={t('catalogue.notFoundTitle')} />
        <EmptyState
          kind={type === 1 ? 'novels' : 'comics'}
          title={t('catalogue.notFound')}
          testId="detail-missing"
        />
      </div>
    );
  if (detail.isError || chapters.isError)
    return (
      <div className="page">
        <NavBar title="" />
        <QueryError
          onRetry={() => {
            void detail.refetch();
            void chapters.refetch();
          }}
        />
      </div>
    );
  if (!detail.data || !chapters.data) return <PageLoading />;
  return <WorkDetailView work={detail.data} chapters={chapters.data} />;
}
