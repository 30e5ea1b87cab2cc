import { TOAST_MS } from '@dm51/shared';
import { Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityCard } from '../../components/identity-card/IdentityCard';
import { composeCardImage, downloadBlob } from '../../components/identity-card/compose-card';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useIdentityCardQuery, useRegenerateCardMutation } from '../../state/queries/account';
import { useUserInfoQuery } from '../../state/queries/user';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import '../login/auth.css';
import './settings.css';

/**
 * Identity card (/pages/user/seting/code): a QR code that logs in to this account on another device.
 * The server keeps only a hash, so the card is shown when it is made; afterwards the page offers to
 * make a new one (which retires the old).
 */
export default function CodePage({ route }: PageProps) {
  const { t } = useTranslation();
  const { uid } = useSession();
  const { data: user } = useUserInfoQuery();
  const card = useIdentityCardQuery(uid);
  const regenerate = useRegenerateCardMutation(uid);
  const [saving, setSaving] = useState(false);
  const shown = card.data?.qr ? card.data : null;
  const name = user?.nichen ?? '';

  const save = async () => {
    if (!shown) return;
    setSaving(true);
    try {
      const blob = await composeCardImage(shown.qr, {
        title: t('accounts.cardTitle'),
        name,
        id: t('user.id', { id: uid }),
        warning: t('accounts.cardWarning'),
      });
      downloadBlob(blob, `dm51-identity-card-${uid}.png`);
      Toast.show({ content: t('accounts.cardSaved'), duration: TOAST_MS.product });
    } catch {
      Toast.show({ content: t('common.loadFailed'), duration: TOAST_MS.product });
    } finally {
      setSaving(false);
    }
  };

  const renew = async () => {
    const confirmed = await Dialog.confirm({
      content: t('accounts.cardRegenerateConfirm'),
      confirmText: t('accounts.cardRegenerate'),
      cancelText: t('accounts.cancel'),
    });
    if (confirmed) regenerate.mutate();
  };

  return (
    <div className="page auth" data-testid="code-page">
      <NavBar title={t(route.titleKey)} />
      <div className="auth__form">
        <p className="auth__notice">{t('accounts.cardIntro')}</p>
        {card.isPending && <p className="auth__subtitle">{t('common.loading')}</p>}
        {shown && (
          <>
            <IdentityCard qr={shown.qr} name={name} uid={uid} />
            <p className="auth__notice" data-testid="identity-card-warning">
              {t('accounts.cardWarning')}
            </p>
            <button
              type="button"
              className="auth__primary"
              data-testid="identity-card-save"
              disabled={saving}
              onClick={() => void save()}
            >
              {t('accounts.cardSave')}
            </button>
          </>
        )}
        {card.data && !shown && (
          <p className="auth__notice" data-testid="identity-card-hidden">
            {t('accounts.cardHidden', { date: new Date(card.data.created_time * 1000).toLocaleDateString() })}
          </p>
        )}
        {card.data && (
          <button
            type="button"
            className="auth__secondary"
            data-testid="identity-card-regenerate"
            disabled={regenerate.isPending}
            onClick={() => void renew()}
          >
            {t('accounts.cardRegenerate')}
          </button>
        )}
      </div>
    </div>
  );
}
