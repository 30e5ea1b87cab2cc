import { TABBAR } from '@dm51/shared';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { openExternal } from '../../lib/platform';
import { useStartSettings } from '../../state/queries/start-settings';
import { TabIcon } from '../icons/TabIcon';
import { activeTabId, buildTabs, type TabTarget } from './tab-items';
import './tab-bar.css';

/** Sizes from spec §9 (TABBAR); colours from the theme's tab bar variables. */
const BAR_STYLE = {
  '--tabbar-height': `${TABBAR.heightPx}px`,
  '--tabbar-font': `${TABBAR.fontPx}px`,
  '--tabbar-gap': `${TABBAR.spacingPx}px`,
  zIndex: TABBAR.zIndex,
} as CSSProperties;

export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const tabs = buildTabs(useStartSettings());
  const active = activeTabId(tabs, pathname, search);

  function go(target: TabTarget): void {
    if (target.kind === 'external') {
      openExternal(target.url);
      return;
    }
    const to = `${target.path}${target.search ?? ''}`;
    // Tab pages replace each other like a native tab switch; other pages stack.
    navigate(to, { replace: target.kind === 'tab' });
  }

  return (
    <nav className="tab-bar" style={BAR_STYLE} data-testid="tab-bar">
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            type="button"
            className={`tab-bar__item${selected ? ' tab-bar__item--active' : ''}`}
            data-testid={`tab-${tab.id}`}
            aria-current={selected ? 'page' : undefined}
            onClick={() => go(tab.target)}
          >
            <TabIcon name={tab.id} active={selected} size={TABBAR.iconPx} />
            <span className="tab-bar__label">{t(tab.labelKey)}</span>
          </button>
        );
      })}
    </nav>
  );
}
