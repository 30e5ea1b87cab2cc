import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { CommentsSection } from '../../../components/comments/CommentsSection';
import { NavBar } from '../../../components/nav-bar/NavBar';
import type { PageProps } from '../../page-props';

/** /pages/cartoon/review?column=ID[&type=T]: every comment of a work, paged, pull-to-refresh. */
export default function ReviewPage({ route }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const workId = Number(params.get('column') ?? 0) || 0;
  const type = Number(params.get('type') ?? 0) || 0;
  return (
    <div className="page" data-testid="review-page">
      <NavBar title={t(route.titleKey)} />
      <CommentsSection workId={workId} type={type} mode="full" />
    </div>
  );
}
