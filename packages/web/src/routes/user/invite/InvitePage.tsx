/**
 * Invite friends (/pages/user/invite/invite; guests are sent to login by the spec §2 guard).
 * The user's code in large type with a copy button; the share link (with the launch channel code)
 * as a QR code with copy and share buttons (the system share sheet where there is one, else the
 * link is copied); friends joined and what they earned; the rules with the current amounts; a way
 * to the invite log and, while this account may still enter one, to a friend's code.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { MoneyButton } from '../../../components/money/MoneyButton';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PageLoading } from '../../../components/page-state/PageLoading';
import { QueryError } from '../../../components/query-state/QueryError';
import { track } from '../../../lib/analytics';
import { getChannelCode } from '../../../lib/channel';
import { inviteShareLink } from '../../../lib/invite-link';
import { useInviteIndex } from '../../../state/queries/invite';
import type { PageProps } from '../../page-props';
import { useQrCode } from '../assist/use-qr-code';
import { InviteRules } from './InviteRules';
import { useRewardText } from './reward-text';
import { copyText } from './use-copy';
import '../../../components/money/money.css';
import '../assist/assist.css';
import './invite.css';

export default function InvitePage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rewardText = useRewardText();
  const index = useInviteIndex(true);
  const link = index.data
    ? inviteShareLink(index.data.share_path, window.location.origin, getChannelCode())
    : '';
  const qr = useQrCode(link);

  let body;
  if (index.isError) body = <QueryError onRetry={() => void index.refetch()} />;
  else if (!index.data) body = <PageLoading />;
  else {
    const data = index.data;
    const share = async () => {
      track('invite_share', { params: { via: typeof navigator.share === 'function' ? 'sheet' : 'copy' } });
      const text = t('invite.shareText', { code: data.code, reward: rewardText(data.rewards.invitee) });
      if (typeof navigator.share === 'function') {
        // A dismissed share sheet rejects; nothing to say then.
        await navigator.share({ title: t('invite.title'), text, url: link }).catch(() => undefined);
        return;
      }
      await copyText(`${text} ${link}`, t('invite.linkCopied'), t('invite.copyFailed'));
    };
    body = (
      <>
        <section className="assist-hero invite-hero">
          <h2>{t('invite.headline')}</h2>
          <p>{t('invite.subline', { reward: rewardText(data.rewards.inviter) })}</p>
        </section>
        <section className="money-card invite-code-card">
          <span className="invite-code-card__label">{t('invite.codeLabel')}</span>
          <strong className="invite-code-card__code" data-testid="invite-code">
            {data.code}
          </strong>
          <button
            type="button"
            className="invite-chip"
            data-testid="invite-copy-code"
            onClick={() => void copyText(data.code, t('invite.codeCopied'), t('invite.copyFailed'))}
          >
            {t('invite.copyCode')}
          </button>
          {qr ? (
            <img className="assist-share__qr" src={qr} alt={t('invite.qrAlt')} data-testid="invite-qr" />
          ) : (
            <div className="assist-share__qr" aria-hidden="true" />
          )}
          <p className="assist-share__link" data-testid="invite-link">
            {link}
          </p>
          <div className="invite-actions">
            <MoneyButton
              testId="invite-copy-link"
              variant="ghost"
              onClick={() => {
                // Copying the link is how most people share it (into a chat app).
                track('invite_share', { params: { via: 'copy_link' } });
                void copyText(link, t('invite.linkCopied'), t('invite.copyFailed'));
              }}
            >
              {t('invite.copyLink')}
            </MoneyButton>
            <MoneyButton testId="invite-share" onClick={() => void share()}>
              {t('invite.share')}
            </MoneyButton>
          </div>
        </section>
        <dl className="money-card assist-stats">
          <div data-testid="invite-friends">
            <dt>{t('invite.friends')}</dt>
            <dd>{data.friends}</dd>
          </div>
          <div data-testid="invite-earned-coins">
            <dt>{t('invite.earnedCoins')}</dt>
            <dd>{data.earned.coins}</dd>
          </div>
          <div data-testid="invite-earned-vip">
            <dt>{t('invite.earnedVip')}</dt>
            <dd>{data.earned.vip_hours}</dd>
          </div>
        </dl>
        <nav className="money-links">
          <button
            type="button"
            data-testid="invite-to-log"
            onClick={() => navigate('/pages/user/invite/inviteLog')}
          >
            {t('invite.viewLog')}
          </button>
          {data.can_bind === 1 && (
            <button
              type="button"
              data-testid="invite-to-write"
              onClick={() => navigate('/pages/user/invite/write')}
            >
              {t('invite.enterCode')}
            </button>
          )}
        </nav>
        <InviteRules data={data} />
      </>
    );
  }
  return (
    <div className="page money-page invite-page" data-testid="invite-page">
      <NavBar title={t(route.titleKey)} />
      {body}
    </div>
  );
}
