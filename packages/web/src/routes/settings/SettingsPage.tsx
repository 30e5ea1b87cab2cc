import { LOCALES, TOAST_MS } from '@dm51/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { BlockedUsersSheet } from '../../components/comments/BlockedUsersSheet';
import { NavBar } from '../../components/nav-bar/NavBar';
import { changeLocale } from '../../i18n';
import { LOCALE_LABELS } from '../../i18n/locale';
import { clearAppCache } from '../../lib/clear-cache';
import { AnalyticsSwitch } from './AnalyticsSwitch';
import { HiddenWorksSheet } from './HiddenWorksSheet';
import { requireRuntimeConfig } from '../../lib/runtime-config';
import { useLogoutMutation } from '../../state/queries/account';
import { useIsLoggedIn } from '../../state/use-session';
import { themeStore } from '../../theme/theme-store';
import { useThemeName } from '../../theme/use-theme';
import type { PageProps } from '../page-props';
import { LOGIN_PATH, USER_PATH } from '../route-table';
import '../user/user.css';
import './settings.css';

const ACCOUNT_LINKS = [
  { id: 'settingInfo', path: '/pages/user/seting/info' },
  { id: 'settingName', path: '/pages/user/seting/name' },
  { id: 'settingPhone', path: '/pages/user/seting/phone' },
  { id: 'settingEmail', path: '/pages/user/seting/email' },
  { id: 'settingCode', path: '/pages/user/seting/code' },
  { id: 'settingOpds', path: '/pages/user/seting/opds' },
  { id: 'writeOff', path: '/pages/user/seting/writeOff' },
] as const;

const GENERAL_LINKS = [
  { id: 'problem', path: '/pages/user/problem' },
  { id: 'agreement', path: '/pages/user/about/agreement' },
  { id: 'about', path: '/pages/user/about/about' },
] as const;

function Arrow() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="user-list__arrow">
      <path
        d="M9 5l7 7-7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Settings (/pages/user/seting/seting): appearance, language, and the account sub-pages. */
export default function SettingsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const theme = useThemeName();
  const dark = theme === 'dark';
  const loggedIn = useIsLoggedIn();
  const logout = useLogoutMutation();
  const queryClient = useQueryClient();
  const [blockedOpen, setBlockedOpen] = useState(false);
  const [hiddenOpen, setHiddenOpen] = useState(false);

  const clearCache = async () => {
    await clearAppCache(queryClient);
    Toast.show({ content: t('settings.cacheCleared'), duration: TOAST_MS.product });
  };

  // Spec §4: logout clears the user and token and starts a fresh visitor session.
  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('accounts.logoutConfirm'),
      confirmText: t('accounts.logout'),
      cancelText: t('accounts.cancel'),
    });
    if (!confirmed) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        Toast.show({ content: t('accounts.loggedOut'), duration: TOAST_MS.product });
        navigate(USER_PATH, { replace: true });
      },
    });
  };

  const links = (items: readonly { id: string; path: string }[]) => (
    <ul className="user-list">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className="user-list__item"
            data-testid={`settings-entry-${item.id}`}
            onClick={() => navigate(item.path)}
          >
            <span className="user-list__label">{t(`route.${item.id}`)}</span>
            <Arrow />
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="page settings" data-testid="settings-page">
      <NavBar title={t(route.titleKey)} />

      <section className="user-card">
        <h2 className="user-card__title">{t('settings.appearance')}</h2>
        {/* The whole row is the switch: a tap anywhere on it toggles, not only on the knob. */}
        <button
          type="button"
          role="switch"
          aria-checked={dark}
          className="user-list__item settings__row settings__row--switch"
          data-testid="theme-toggle"
          data-theme={theme}
          onClick={() => themeStore.set(dark ? 'light' : 'dark')}
        >
          <span className="user-list__label">{t('settings.darkMode')}</span>
          <span className={`settings__switch${dark ? ' settings__switch--on' : ''}`} aria-hidden="true">
            <span className="settings__knob" />
          </span>
        </button>
      </section>

      <section className="user-card">
        <h2 className="user-card__title">{t('settings.language')}</h2>
        <ul
          className="user-list"
          role="radiogroup"
          aria-label={t('settings.language')}
          data-testid="language-picker"
        >
          {LOCALES.map((locale) => {
            const selected = i18n.language === locale;
            return (
              <li key={locale}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  lang={locale}
                  className="user-list__item"
                  data-testid={`language-option-${locale}`}
                  onClick={() => void changeLocale(locale)}
                >
                  <span className="user-list__label">{LOCALE_LABELS[locale]}</span>
                  {selected && (
                    <svg
                      viewBox="0 0 24 24"
                      width="18"
                      height="18"
                      aria-hidden="true"
                      className="settings__check"
                    >
                      <path
                        d="M5 12.5l4.5 4.5L19 7.5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.4"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <AnalyticsSwitch />

      <section className="user-card">
        <h2 className="user-card__title">{t('settings.account')}</h2>
        {links(ACCOUNT_LINKS)}
      </section>

      <section className="user-card">
        <h2 className="user-card__title">{t('settings.general')}</h2>
        {links(GENERAL_LINKS)}
        <button
          type="button"
          className="user-list__item settings__row"
          data-testid="settings-blocked-users"
          onClick={() => setBlockedOpen(true)}
        >
          <span className="user-list__label">{t('community.blockedUsers')}</span>
          <Arrow />
        </button>
        <button
          type="button"
          className="user-list__item settings__row"
          data-testid="settings-hidden-works"
          onClick={() => setHiddenOpen(true)}
        >
          <span className="user-list__label">{t('settings.hiddenWorks')}</span>
          <Arrow />
        </button>
        <button
          type="button"
          className="user-list__item settings__row"
          data-testid="settings-clear-cache"
          onClick={() => void clearCache()}
        >
          <span className="user-list__label">{t('settings.clearCache')}</span>
          <Arrow />
        </button>
        <div className="user-list__item settings__row settings__version">
          <span className="user-list__label">{t('settings.version')}</span>
          <span data-testid="settings-version">{requireRuntimeConfig().version}</span>
        </div>
      </section>

      {loggedIn ? (
        <button
          type="button"
          className="settings__logout"
          data-testid="settings-logout"
          disabled={logout.isPending}
          onClick={() => void confirmLogout()}
        >
          {t('accounts.logout')}
        </button>
      ) : (
        <button
          type="button"
          className="settings__logout settings__logout--login"
          data-testid="settings-login"
          onClick={() => navigate(LOGIN_PATH)}
        >
          {t('user.loginAction')}
        </button>
      )}
      <BlockedUsersSheet open={blockedOpen} onClose={() => setBlockedOpen(false)} />
      <HiddenWorksSheet open={hiddenOpen} onClose={() => setHiddenOpen(false)} />
    </div>
  );
}
