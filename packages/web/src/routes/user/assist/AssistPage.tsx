/**
 * Friends help (/pages/user/assist). Design:
 * - Signed-in users see their share link (`share_path` resolved against location.origin), a copy
 *   button and its QR code, how many VIP hours each new helper gives, today's helpers against the
 *   daily cap, the hours earned so far and the helpers, newest first.
 * - A visitor who opened a friend's link (`?code=CODE`; guests included — the route is not in the
 *   spec's guard list) helps once: /v3/assist/help is called a single time and its result is said
 *   in a sentence ('ok', 'self', 'already', 'too_old', 'cap', 'device', 'unknown'), with a button to
 *   start reading. Signed-in visitors also see their own link below it.
 * - A guest without a code is asked to log in to get a link of their own.
 * The help call waits for a session: a first visit passes through the entry page, which makes one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/display-name';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { EmptyState } from '../../../components/empty-state/EmptyState';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { XfileImage } from '../../../components/xfile-image/XfileImage';
import { showBottomToast } from '../../../lib/api/lazy-toast';
import { useRelativeTime } from '../../../lib/relative-time';
import { useAssistHelp, useAssistIndex } from '../../../state/queries/money';
import { isLoggedIn } from '../../../state/session';
import { useSession } from '../../../state/use-session';
import type { PageProps } from '../../page-props';
import { HOME_PATH, LOGIN_PATH } from '../../route-table';
import { useQrCode } from './use-qr-code';
import { MoneyButton } from '../../../components/money/MoneyButton';
import '../../../components/money/money.css';
import '../vip/vip.css';
import './assist.css';

const RESULTS = ['ok', 'self', 'already', 'too_old', 'cap', 'device', 'unknown'];

/** The visit through a friend's link: helps once and says what came of it. */
function HelpResult({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const help = useAssistHelp(code);
  let text: string;
  if (help.isError) text = t('assist.result.unknown');
  else if (!help.data) text = t('assist.helping');
  else {
    const result = RESULTS.includes(help.data.result) ? help.data.result : 'unknown';
    text = t(`assist.result.${result}`, { name: help.data.sharer_name, count: help.data.hours });
  }
  return (
    <section
      className="money-card assist-result"
      data-testid="assist-result"
      data-result={help.data?.result ?? (help.isError ? 'error' : 'pending')}
    >
      <div
        className={`assist-result__icon${help.data?.helped ? ' assist-result__icon--ok' : ''}`}
        aria-hidden="true"
      >
        {help.data?.helped ? '♥' : '✦'}
      </div>
      <p className="assist-result__text">{text}</p>
      <MoneyButton testId="assist-start" onClick={() => navigate(HOME_PATH)}>
        {t('assist.startReading')}
      </MoneyButton>
    </section>
  );
}

/** The signed-in user's own link, QR code, counters and helpers. */
function MyLink() {
  const { t } = useTranslation();
  const when = useRelativeTime();
  const index = useAssistIndex(true);
  const link = index.data ? new URL(index.data.share_path, window.location.origin).toString() : '';
  const qr = useQrCode(link);
  const [copied, setCopied] = useState(false);

  if (index.isError) return <QueryError onRetry={() => void index.refetch()} />;
  if (!index.data) return <PageLoading />;
  const data = index.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      showBottomToast(t('assist.copied'));
    } catch {
      showBottomToast(t('assist.copyFailed'));
    }
  };

  return (
    <>
      <section className="assist-hero">
        <h2>{t('assist.headline', { count: data.hours_per_helper })}</h2>
        <p>{t('assist.rule')}</p>
      </section>
      <section className="money-card assist-share">
        {qr ? (
          <img className="assist-share__qr" src={qr} alt={t('assist.qrAlt')} data-testid="assist-qr" />
        ) : (
          <div className="assist-share__qr" aria-hidden="true" />
        )}
        <p className="assist-share__link" data-testid="assist-link">
          {link}
        </p>
        <MoneyButton testId="assist-copy" onClick={() => void copy()}>
          {copied ? t('assist.copied') : t('assist.copy')}
        </MoneyButton>
      </section>
      <dl className="money-card assist-stats">
        <div data-testid="assist-today">
          <dt>{t('assist.today')}</dt>
          <dd>
            {data.helpers_today} / {data.daily_cap}
          </dd>
        </div>
        <div data-testid="assist-per-helper">
          <dt>{t('assist.perHelper')}</dt>
          <dd>{t('assist.hours', { count: data.hours_per_helper })}</dd>
        </div>
        <div data-testid="assist-total">
          <dt>{t('assist.total')}</dt>
          <dd>{t('assist.hours', { count: data.total_hours })}</dd>
        </div>
      </dl>
      <section className="money-card">
        <h2 className="money-card__title">{t('assist.helpersTitle')}</h2>
        {data.helpers.length === 0 ? (
          <p className="vip-note" data-testid="assist-no-helpers">
            {t('assist.noHelpers')}
          </p>
        ) : (
          <ul className="assist-helpers" data-testid="assist-helpers">
            {data.helpers.map((helper, i) => (
              <li key={`${helper.addtime}-${i}`}>
                {helper.pic ? (
                  <XfileImage src={helper.pic} alt="" className="assist-helpers__pic" />
                ) : (
                  <span className="assist-helpers__pic" aria-hidden="true" />
                )}
                <span className="assist-helpers__name">{displayName(helper.nichen, t)}</span>
                <span className="assist-helpers__when">{when(helper.addtime)}</span>
                <span className="money-plus">{t('assist.plusHours', { count: helper.hours })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export default function AssistPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const code = (params.get('code') ?? '').trim();
  const signedIn = isLoggedIn(session);
  return (
    <div className="page money-page assist-page" data-testid="assist-page">
      <NavBar title={t(route.titleKey)} />
      {code && session.token !== '' && <HelpResult code={code} />}
      {signedIn ? (
        <MyLink />
      ) : (
        !code && (
          <EmptyState
            kind="soon"
            title={t('assist.guestTitle')}
            hint={t('assist.guestHint')}
            testId="assist-guest"
            action={
              <MoneyButton
                testId="assist-login"
                className="assist-login"
                onClick={() => navigate(LOGIN_PATH)}
              >
                {t('user.loginAction')}
              </MoneyButton>
            }
          />
        )
      )}
    </div>
  );
}
