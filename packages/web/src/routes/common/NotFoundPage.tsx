import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/EmptyState';
import { NavBar } from '../../components/nav-bar/NavBar';

/** A path outside the route table (spec §8: navigation to a missing page is reported). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="not-found">
      <NavBar title={t('app.name')} />
      <EmptyState kind="soon" title={t('common.notFound')} />
    </div>
  );
}
