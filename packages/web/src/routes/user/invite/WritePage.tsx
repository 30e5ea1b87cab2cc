/**
 * Enter a friend's invite code (/pages/user/invite/write; guests are sent to login by the spec §2
 * guard). The code comes from the share link (`?code=`) or the one kept when the app was opened
 * through it, else it is typed. Accepted: the reward is said, `invite_bind` is tracked and the page
 * shows who invited the account. An account that already entered a code sees who invited it; one
 * past the window is told so and pointed to its own invite page. Refusals are explained in place.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/display-name';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { MoneyButton } from '../../../components/money/MoneyButton';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { XfileImage } from '../../../components/xfile-image/XfileImage';
import { track } from '../../../lib/analytics';
import { showBottomToast } from '../../../lib/api/lazy-toast';
import { forgetInviteCode, keptInviteCode } from '../../../lib/invite-link';
import { useBindInvite, useInviteIndex } from '../../../state/queries/invite';
import type { PageProps } from '../../page-props';
import { HOME_PATH } from '../../route-table';
import { INVITE_REFUSALS, inviteErrorText } from './invite-errors';
import { InviteRules } from './InviteRules';
import { useRewardText } from './reward-text';
import '../../../components/money/money.css';
import '../assist/assist.css';
import './invite.css';

const INVITE_PATH = '/pages/user/invite/invite';

export default function WritePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rewardText = useRewardText();
  const index = useInviteIndex(true);
  const bind = useBindInvite(INVITE_REFUSALS);
  const [code, setCode] = useState(() => (params.get('code') ?? '').trim().toUpperCase() || keptInviteCode());

  let body;
  if (index.isError) body = <QueryError onRetry={() => void index.refetch()} />;
  else if (!index.data) body = <PageLoading />;
  else if (index.data.invited_by) {
    const by = index.data.invited_by;
    body = (
      <section className="money-card assist-result" data-testid="invite-bound">
        {by.pic ? (
          <XfileImage src={by.pic} alt="" className="invite-avatar" />
        ) : (
          <div className="assist-result__icon assist-result__icon--ok" aria-hidden="true">
            ♥
          </div>
        )}
        <h2 className="invite-bound__title">
          {t('invite.boundTitle', { name: by.nichen ? displayName(by.nichen, t) : by.code })}
        </h2>
        <p className="assist-result__text">
          {t('invite.boundDetail', { code: by.code, reward: rewardText(by.reward) })}
        </p>
        <MoneyButton testId="invite-start" onClick={() => navigate(HOME_PATH)}>
          {t('invite.startReading')}
        </MoneyButton>
        <MoneyButton testId="invite-own" variant="ghost" onClick={() => navigate(INVITE_PATH)}>
          {t('invite.inviteOthers')}
        </MoneyButton>
      </section>
    );
  } else if (index.data.can_bind === 0) {
    body = (
      <section className="money-card assist-result" data-testid="invite-closed">
        <div className="assist-result__icon" aria-hidden="true">
          ✦
        </div>
        <p className="assist-result__text">{t('invite.windowPassed', { days: index.data.window_days })}</p>
        <MoneyButton testId="invite-own" onClick={() => navigate(INVITE_PATH)}>
          {t('invite.inviteOthers')}
        </MoneyButton>
      </section>
    );
  } else {
    const data = index.data;
    const deadline = new Date(data.bind_deadline * 1000).toLocaleDateString(i18n.language);
    const error = bind.isError ? inviteErrorText(t, bind.error, data.window_days) : '';
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const typed = code.replace(/\s+/g, '').toUpperCase();
      if (typed.length < 4) return;
      bind.mutate(typed, {
        onSuccess: (result) => {
          track('invite_bind', { params: { via: 'write' } });
          forgetInviteCode();
          showBottomToast(t('invite.bound', { reward: rewardText(result.reward) }));
        },
      });
    };
    body = (
      <>
        <section className="assist-hero invite-hero">
          <h2>{t('invite.writeHeadline')}</h2>
          <p>{t('invite.writeHint', { reward: rewardText(data.rewards.invitee), date: deadline })}</p>
        </section>
        <form className="money-card invite-form" onSubmit={submit} noValidate>
          <input
            className="invite-form__input"
            data-testid="invite-input"
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            placeholder={t('invite.codePlaceholder')}
            aria-label={t('invite.codePlaceholder')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={16}
          />
          {error && (
            <p className="invite-form__error" role="alert" data-testid="invite-error">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="money-button"
            data-testid="invite-submit"
            disabled={bind.isPending || code.replace(/\s+/g, '').length < 4}
          >
            {bind.isPending ? t('common.loading') : t('invite.submit')}
          </button>
        </form>
        <InviteRules data={data} />
      </>
    );
  }
  return (
    <div className="page money-page invite-page" data-testid="invite-write-page">
      <NavBar title={t(route.titleKey)} />
      {body}
    </div>
  );
}
