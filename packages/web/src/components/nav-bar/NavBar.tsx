import type { ReactNode } from 'react';
import { BackButton } from './BackButton';
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
  return (
    <header className={`nav-bar${white ? ' nav-bar--white' : ''}`} data-testid="nav-bar">
      <div className="nav-bar__side">{showBack && <BackButton className="nav-bar__back" />}</div>
      <h1 className="nav-bar__title" data-testid="nav-title">
        {title}
      </h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
