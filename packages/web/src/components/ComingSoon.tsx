import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state/EmptyState';
import { NavBar } from './nav-bar/NavBar';

/** What a page that is not built yet shows: its name, a short note and (off the tab bar) a way back. */
export function ComingSoon({ title, showBack }: { title: string; showBack: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="coming-soon">
      <NavBar title={title} showBack={showBack} />
      <EmptyState
        kind="soon"
        title={t('common.comingSoon')}
        hint={t('common.comingSoonHint')}
        testId="coming-soon-note"
      />
    </div>
  );
}
