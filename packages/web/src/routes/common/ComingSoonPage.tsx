import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';
import type { PageProps } from '../page-props';
import { isTabRoute } from '../route-table';

/** Placeholder for every spec route whose screen is not built yet; never a blank page. */
export default function ComingSoonPage({ route }: PageProps) {
  const { t } = useTranslation();
  return <ComingSoon title={t(route.titleKey)} showBack={!isTabRoute(route)} />;
}
