import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar/NavBar';
import type { PageProps } from '../page-props';
import { AnimeSection } from './AnimeSection';

/** The anime tab (/pages/anime/anime): the anime feed under a tab-page bar (no back arrow). */
export default function AnimeTabPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="anime-tab-page">
      <NavBar title={t(route.titleKey)} showBack={false} />
      <AnimeSection pullToRefresh={route.pullToRefresh ?? true} />
    </div>
  );
}
