import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBoundary } from '../components/page-state/PageBoundary';
import { PageLoading } from '../components/page-state/PageLoading';
import { pageFor } from './pages';
import type { RouteDef } from './route-table';

/** Window title: the page's translated title with the product name; the product name alone by default. */
function useDocumentTitle(route: RouteDef): void {
  const { t } = useTranslation();
  const product = t('app.name');
  const title = t(route.titleKey);
  useEffect(() => {
    document.title = title && title !== product ? `${title} - ${product}` : product;
    return () => {
      document.title = product;
    };
  }, [title, product]);
}

/** One route's page: lazy-loaded behind the spec's loading and error views. */
export function PageHost({ route }: { route: RouteDef }) {
  useDocumentTitle(route);
  const Page = pageFor(route.name);
  return (
    <PageBoundary key={route.path}>
      <Suspense fallback={<PageLoading />}>
        {route.overlay ? (
          <div className="page-overlay">
            <Page route={route} />
          </div>
        ) : (
          <Page route={route} />
        )}
      </Suspense>
    </PageBoundary>
  );
}
