import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBack } from './use-back';
import './nav-bar.css';

interface NavBarProps {
  title: ReactNode;
  /** Hidden on tab pages, which have the tab bar instead. */
  showBack?: boolean;
  right?: ReactNode;
  /** Over artwork (detail and cover pages): transparent bar, white title. */
  white?: boolean;
}

/** The custom navigation bar every page uses (spec §2); the back arrow follows the back rule. */
export function NavBar({ title, showBack = true, right, white = false }: NavBarProps) {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <header className={`nav-bar${white ? ' nav-bar--white' : ''}`} data-testid="nav-bar">
      <div className="nav-bar__side">
        {showBack && (
          <button
            type="button"
            className="nav-bar__back"
            data-testid="nav-back"
            aria-label={t('common.back')}
            onClick={back}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </div>
      <h1 className="nav-bar__title" data-testid="nav-title">
        {title}
      </h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
