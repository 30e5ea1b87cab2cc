import { TOAST_MS } from '@dm51/shared';
import { Dialog, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useWriteOffMutation } from '../../state/queries/account';
import { useIsLoggedIn } from '../../state/use-session';
import type { PageProps } from '../page-props';
import { Field } from '../login/fields';
import { HOME_PATH, LOGIN_PATH } from '../route-table';
import '../login/auth.css';

/**
 * Account deletion (/pages/user/seting/writeOff): what goes, a password to confirm, a last
 * confirmation dialog; then the device starts over as a fresh guest.
 */
export default function WriteOffPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const writeOff = useWriteOffMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      Toast.show({ content: t('accounts.passwordRequired'), duration: TOAST_MS.product });
      return;
    }
    const confirmed = await Dialog.confirm({
      content: t('accounts.writeOffConfirm'),
      confirmText: t('accounts.writeOffAction'),
      cancelText: t('accounts.cancel'),
    });
    if (!confirmed) return;
    writeOff.mutate(
      { password },
      {
        onSuccess: () => {
          Toast.show({ content: t('accounts.writeOffDone'), duration: TOAST_MS.product });
          navigate(HOME_PATH, { replace: true });
        },
      },
    );
  };

  return (
    <div className="page auth" data-testid="writeoff-page">
      <NavBar title={t(route.titleKey)} />
      <div className="auth__form">
        <div className="auth__notice">
          {t('accounts.writeOffIntro')}
          <ul>
            <li>{t('accounts.writeOffItemProfile')}</li>
            <li>{t('accounts.writeOffItemLibrary')}</li>
            <li>{t('accounts.writeOffItemBalance')}</li>
            <li>{t('accounts.writeOffItemComments')}</li>
          </ul>
        </div>
      </div>
      {loggedIn ? (
        <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={t('accounts.passwordLabel')}
            placeholder={t('accounts.passwordPlaceholder')}
            value={password}
            onChange={setPassword}
            testId="writeoff-password"
            type="password"
            autoComplete="current-password"
          />
          <label className="auth__check">
            <input
              type="checkbox"
              data-testid="writeoff-understood"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
            <span>{t('accounts.writeOffUnderstood')}</span>
          </label>
          <button
            type="submit"
            className="auth__danger"
            data-testid="writeoff-submit"
            disabled={!understood || writeOff.isPending}
          >
            {t('accounts.writeOffAction')}
          </button>
        </form>
      ) : (
        <div className="auth__form">
          <p className="auth__subtitle" data-testid="writeoff-guest">
            {t('accounts.writeOffGuest')}
          </p>
          <button type="button" className="auth__secondary" onClick={() => navigate(LOGIN_PATH)}>
            {t('user.loginAction')}
          </button>
        </div>
      )}
    </div>
  );
}
