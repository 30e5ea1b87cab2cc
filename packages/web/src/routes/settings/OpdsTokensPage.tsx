import { APP_TOKEN_LIMITS, type AppTokenItem } from '@dm51/shared';
import { Dialog } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { GuestPrompt } from '../../components/guest-prompt/GuestPrompt';
import { NavBar } from '../../components/nav-bar/NavBar';
import { QueryError } from '../../components/query-state/QueryError';
import { useRelativeTime } from '../../lib/relative-time';
import { useCreateOpdsToken, useOpdsTokensQuery, useRevokeOpdsToken } from '../../state/queries/opds';
import { useIsLoggedIn } from '../../state/use-session';
import type { PageProps } from '../page-props';
import { BIND_PATH } from '../route-table';
import { CopyRow } from './CopyRow';
import { KoreaderSyncSection } from './KoreaderSyncSection';
import { currentServerUrl } from './server-url';
import { TokenSyncMark } from './TokenSyncMark';
import '../login/auth.css';
import '../user/user.css';
import './settings.css';
import './opds.css';

/**
 * E-reader apps (/pages/user/seting/opds): app tokens for the OPDS catalogue and KOReader's
 * progress sync. A new token is shown once with the catalogue URL and user name an app asks for;
 * the list shows each token's last use and whether sync accepts it, and revokes it. Below the OPDS
 * instructions, the KOReader sync section gives the sync server URL and steps. Guests are asked
 * to bind an account first (tokens belong to an account).
 */
export default function OpdsTokensPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [promptOpen, setPromptOpen] = useState(!loggedIn);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ secret: string; name: string } | null>(null);
  const tokens = useOpdsTokensQuery(loggedIn);
  const create = useCreateOpdsToken();
  const revoke = useRevokeOpdsToken();
  const when = useRelativeTime();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: (answer) => {
        setCreated({ secret: answer.secret, name: answer.token.name });
        setName('');
      },
    });
  };

  const confirmRevoke = async (token: AppTokenItem) => {
    const confirmed = await Dialog.confirm({
      content: t('opds.revokeConfirm', { name: token.name }),
      confirmText: t('opds.revoke'),
      cancelText: t('accounts.cancel'),
    });
    if (confirmed) revoke.mutate(token.id);
  };

  const intro = (
    <section className="user-card opds__intro">
      <p>{t('opds.intro')}</p>
    </section>
  );

  if (!loggedIn) {
    return (
      <div className="page settings opds" data-testid="opds-page">
        <NavBar title={t(route.titleKey)} />
        {intro}
        <section className="user-card opds__guest" data-testid="opds-guest">
          <p>{t('opds.guest')}</p>
          <button type="button" className="auth__primary" onClick={() => navigate(BIND_PATH)}>
            {t('guestPrompt.bind')}
          </button>
        </section>
        <GuestPrompt visible={promptOpen} onClose={() => setPromptOpen(false)} body={t('opds.guest')} />
      </div>
    );
  }

  const data = tokens.data;
  return (
    <div className="page settings opds" data-testid="opds-page">
      <NavBar title={t(route.titleKey)} />
      {intro}

      {data && (
        <section className="user-card">
          <h2 className="user-card__title">{t('opds.connection')}</h2>
          <CopyRow label={t('opds.url')} value={currentServerUrl(data.opds_path)} testId="opds-url" />
          <CopyRow label={t('opds.username')} value={data.username} testId="opds-username" />
          <p className="opds__hint">{t('opds.passwordHint')}</p>
        </section>
      )}

      {created && (
        <section className="user-card opds__created" data-testid="opds-created" aria-live="polite">
          <h2 className="user-card__title">{t('opds.createdTitle', { name: created.name })}</h2>
          <p className="opds__warning">{t('opds.shownOnce')}</p>
          <CopyRow label={t('opds.password')} value={created.secret} testId="opds-secret" />
          <button
            type="button"
            className="auth__primary"
            data-testid="opds-created-done"
            onClick={() => setCreated(null)}
          >
            {t('opds.done')}
          </button>
        </section>
      )}

      <section className="user-card">
        <h2 className="user-card__title">{t('opds.newToken')}</h2>
        <form className="auth__form opds__form" onSubmit={submit} noValidate>
          <label className="auth__field">
            <span className="auth__label">{t('opds.name')}</span>
            <span className="auth__control">
              <input
                className="auth__input"
                data-testid="opds-name"
                value={name}
                maxLength={APP_TOKEN_LIMITS.nameMax}
                placeholder={t('opds.namePlaceholder')}
                onChange={(event) => setName(event.target.value)}
              />
            </span>
          </label>
          <button
            type="submit"
            className="auth__primary"
            data-testid="opds-create"
            disabled={create.isPending || name.trim() === ''}
          >
            {t('opds.create')}
          </button>
        </form>
      </section>

      <section className="user-card">
        <h2 className="user-card__title">{t('opds.tokens')}</h2>
        {tokens.isError && <QueryError onRetry={() => void tokens.refetch()} />}
        {data && data.list.length === 0 && <p className="opds__hint">{t('opds.none')}</p>}
        <ul className="user-list" data-testid="opds-tokens">
          {data?.list.map((token) => (
            <li key={token.id} className="user-list__item opds__token" data-testid="opds-token">
              <span className="opds__token-text">
                <span className="user-list__label">{token.name}</span>
                <span className="opds__meta">
                  {`…${token.hint} · `}
                  {token.last_used_time > 0
                    ? t('opds.lastUsed', { when: when(token.last_used_time) })
                    : t('opds.neverUsed')}
                </span>
                <TokenSyncMark token={token} />
              </span>
              <button
                type="button"
                className="opds__revoke"
                data-testid="opds-revoke"
                disabled={revoke.isPending}
                onClick={() => void confirmRevoke(token)}
              >
                {t('opds.revoke')}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="user-card opds__help">
        <h2 className="user-card__title">{t('opds.howTo')}</h2>
        <p>
          <strong>KOReader</strong> — {t('opds.koreader')}
        </p>
        <p>
          <strong>Panels / Chunky</strong> — {t('opds.panels')}
        </p>
        <p>
          <strong>Moon+ Reader</strong> — {t('opds.moon')}
        </p>
        <p className="opds__hint">{t('opds.vipNote')}</p>
      </section>

      {data && <KoreaderSyncSection path={data.kosync_path} username={data.username} tokens={data.list} />}
    </div>
  );
}
