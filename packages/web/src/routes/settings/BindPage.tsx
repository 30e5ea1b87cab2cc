import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useBindMutation, type AccountKind } from '../../state/queries/account';
import { useUserInfoQuery } from '../../state/queries/user';
import { useSession } from '../../state/use-session';
import type { PageProps } from '../page-props';
import { CodeRow } from '../login/CodeRow';
import { Field } from '../login/fields';
import { useCodeSender } from '../login/use-code-sender';
import { checkAccount, checkCode, checkPassword } from '../login/validate';
import { maskAddress } from './mask';
import { track } from '../../lib/analytics';
import '../login/auth.css';

/**
 * Bind phone (/pages/user/seting/phone) or e-mail (/email). For a guest this is the conversion of
 * spec §4: the guest becomes a registered user, keeps everything, and chooses a password here.
 */
export default function BindPage({ route }: PageProps) {
  const kind: AccountKind = route.name === 'settingPhone' ? 'tel' : 'email';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isGuest } = useSession();
  const { data: user } = useUserInfoQuery();
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const sender = useCodeSender('bind');
  const bind = useBindMutation(kind);
  const current = kind === 'tel' ? user?.tel : user?.email;

  const send = () => {
    const parsed = checkAccount(address, kind);
    if (parsed) sender.request(kind, parsed.value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkAccount(address, kind);
    if (!parsed || !checkCode(code) || (isGuest && !checkPassword(password))) return;
    bind.mutate(
      { address: parsed.value, code, password: isGuest ? password : '' },
      {
        onSuccess: () => {
          track('profile_update', { params: { field: kind } });
          Toast.show({ content: t('accounts.bound'), duration: TOAST_MS.product });
          navigate(-1);
        },
      },
    );
  };

  return (
    <div className="page auth" data-testid="bind-page">
      <NavBar title={t(route.titleKey)} />
      <div className="auth__hero auth__hero--compact">
        <p className="auth__subtitle" data-testid="bind-current">
          {current
            ? t('accounts.currentlyBound', { address: maskAddress(current) })
            : t(isGuest ? 'accounts.bindGuestHint' : 'accounts.notBoundYet')}
        </p>
      </div>
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field
          label={t(kind === 'tel' ? 'accounts.phone' : 'accounts.email')}
          placeholder={t(kind === 'tel' ? 'accounts.phonePlaceholder' : 'accounts.emailPlaceholder')}
          value={address}
          onChange={setAddress}
          testId="bind-address"
          type={kind === 'tel' ? 'tel' : 'email'}
          inputMode={kind === 'tel' ? 'tel' : 'email'}
          autoComplete={kind === 'tel' ? 'tel' : 'email'}
        />
        <div className="auth__field">
          <span className="auth__label">{t('accounts.codeLabel')}</span>
          <CodeRow code={code} onCode={setCode} sender={sender} onSend={send} />
        </div>
        {isGuest && (
          <Field
            label={t('accounts.passwordLabel')}
            placeholder={t('accounts.newPasswordPlaceholder')}
            value={password}
            onChange={setPassword}
            testId="bind-password"
            type="password"
            autoComplete="new-password"
            hint={t('accounts.passwordRule', { min: 6, max: 32 })}
          />
        )}
        <button type="submit" className="auth__primary" data-testid="bind-submit" disabled={bind.isPending}>
          {t('accounts.bindAction')}
        </button>
      </form>
    </div>
  );
}
