import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { GuestPrompt } from '../../components/guest-prompt/GuestPrompt';
import { XfileImage } from '../../components/xfile-image/XfileImage';
import { useUserInfoQuery } from '../../state/queries/user';
import { useSession } from '../../state/use-session';
import { LOGIN_PATH, SETTINGS_PATH } from '../route-table';
import { EntryGlyph } from '../../components/icons/EntryGlyph';
import { unreadLabel } from '../../lib/unread-label';
import { displayName } from '../../lib/display-name';
import { useMessageNums } from '../../state/queries/message';
import { VIP_PATH } from '../../lib/money-paths';
import {
  ACCOUNT_ENTRIES,
  LIBRARY_ENTRIES,
  MORE_ENTRIES,
  vipActiveUntil,
  vipDaysLeft,
  type UserEntry,
} from './user-entries';
import './user.css';

function Avatar({ pic }: { pic: string }) {
  // `_xfile` avatars are fetched and decoded first (spec §4); others show directly.
  return (
    <div className="user-head__avatar" data-testid="user-avatar">
      {pic !== '' ? (
        <XfileImage src={pic} alt="" className="user-head__avatar-image" />
      ) : (
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
          <rect width="64" height="64" fill="var(--round-bg-color)" />
          <circle cx="32" cy="25" r="11" fill="var(--primary-color)" opacity="0.55" />
          <path d="M12 60c2-11 10-17 20-17s18 6 20 17z" fill="var(--primary-color)" opacity="0.55" />
        </svg>
      )}
    </div>
  );
}

/** Mine (/pages/user/user): identity, balances, VIP, and an entry to every user route. */
export default function UserPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { data: user } = useUserInfoQuery();
  const [promptOpen, setPromptOpen] = useState(false);
  const guest = session.isGuest;
  const vipUntil = vipActiveUntil(user ?? null);

  const open = (entry: UserEntry) => {
    if (entry.needsBoundAccount && guest) setPromptOpen(true);
    else navigate(entry.path);
  };

  const unread = useMessageNums().data?.total ?? 0;
  const nickname = user?.nichen ? displayName(user.nichen, t) : guest ? t('user.guestName') : '';
  return (
    <div className="page user" data-testid="user-page">
      <header className="user-head">
        <div className="user-head__tools">
          <button
            type="button"
            className="user-head__tool"
            data-testid="user-messages"
            aria-label={
              unread > 0 ? t('user.entryMessagesUnread', { count: unread }) : t('user.entryMessages')
            }
            onClick={() => navigate('/pages/user/cell/mes')}
          >
            <EntryGlyph name="bell" />
            {unread > 0 && (
              <span className="user-head__unread" data-testid="user-unread" aria-hidden="true">
                {unreadLabel(unread)}
              </span>
            )}
          </button>
          <button
            type="button"
            className="user-head__tool"
            data-testid="user-settings"
            aria-label={t('user.entrySettings')}
            onClick={() => navigate(SETTINGS_PATH)}
          >
            <EntryGlyph name="gear" />
          </button>
        </div>
        <div className="user-head__profile">
          <Avatar pic={user?.pic ?? ''} />
          <div className="user-head__who">
            <div className="user-head__line">
              <strong className="user-head__name" data-testid="user-nickname">
                {nickname}
              </strong>
              {guest && (
                <span className="user-head__badge" data-testid="user-guest-badge">
                  {t('user.guest')}
                </span>
              )}
              {vipUntil && <span className="user-head__badge user-head__badge--vip">VIP</span>}
            </div>
            {user && user.id > 0 && <span className="user-head__id">{t('user.id', { id: user.id })}</span>}
            {guest && (
              <button
                type="button"
                className="user-head__login"
                data-testid="user-login"
                onClick={() => navigate(LOGIN_PATH)}
              >
                {t('user.loginAction')}
              </button>
            )}
          </div>
        </div>
        <dl className="user-stats">
          <div data-testid="user-coins">
            <dt>{t('user.coins')}</dt>
            <dd>{user?.cion ?? 0}</dd>
          </div>
          <div data-testid="user-bonus">
            <dt>{t('user.tickets')}</dt>
            <dd>{user?.ticket ?? 0}</dd>
          </div>
          <div>
            <dt>{t('user.aiCoins')}</dt>
            <dd>{user?.ai_cos_coin ?? 0}</dd>
          </div>
        </dl>
      </header>

      <section className="user-vip" data-testid="user-vip">
        <div className="user-vip__text">
          <strong>VIP</strong>
          <span data-testid="user-vip-state" data-active={vipUntil ? '1' : '0'}>
            {vipUntil
              ? t('user.vipActiveDays', {
                  date: vipUntil.toLocaleDateString(i18n.language),
                  count: vipDaysLeft(user ?? null, vipUntil),
                })
              : t('user.vipNone')}
          </span>
        </div>
        <button
          type="button"
          className="user-vip__cta"
          data-testid="user-entry-vip"
          onClick={() => navigate(VIP_PATH)}
        >
          {t(vipUntil ? 'user.vipRenew' : 'user.vipOpen')}
        </button>
      </section>

      <section className="user-card">
        <h2 className="user-card__title">{t('user.sectionLibrary')}</h2>
        <div className="user-grid">
          {LIBRARY_ENTRIES.map((entry) => (
            <button
              key={entry.id}
              type="button"
              className="user-grid__item"
              data-testid={`user-entry-${entry.id}`}
              onClick={() => open(entry)}
            >
              <span className="user-grid__icon">
                <EntryGlyph name={entry.glyph} size={24} />
              </span>
              <span>{t(entry.labelKey)}</span>
            </button>
          ))}
        </div>
      </section>

      {[
        { key: 'account', titleKey: 'user.sectionAccount', entries: ACCOUNT_ENTRIES },
        { key: 'more', titleKey: 'user.sectionMore', entries: MORE_ENTRIES },
      ].map((section) => (
        <section key={section.key} className="user-card">
          <h2 className="user-card__title">{t(section.titleKey)}</h2>
          <ul className="user-list">
            {section.entries.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="user-list__item"
                  data-testid={`user-entry-${entry.id}`}
                  onClick={() => open(entry)}
                >
                  <span className="user-list__icon">
                    <EntryGlyph name={entry.glyph} size={20} />
                  </span>
                  <span className="user-list__label">{t(entry.labelKey)}</span>
                  <svg
                    viewBox="0 0 24 24"
                    width="16"
                    height="16"
                    aria-hidden="true"
                    className="user-list__arrow"
                  >
                    <path
                      d="M9 5l7 7-7 7"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <GuestPrompt visible={promptOpen} onClose={() => setPromptOpen(false)} />
    </div>
  );
}
