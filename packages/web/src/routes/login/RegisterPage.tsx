import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useRegisterMutation } from '../../state/queries/account';
import type { PageProps } from '../page-props';
import { useAfterLogin } from './after-login';
import { CodeRow } from './CodeRow';
import { Field } from './fields';
import { useCodeSender } from './use-code-sender';
import { checkAccount, checkCode, checkPassword } from './validate';
import './auth.css';

/**
 * Register (/pages/user/login/register) with a phone number or e-mail address, a code and a
 * password. The guest the visitor has been so far becomes the account, keeping everything.
 */
export default function RegisterPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useAfterLogin(2);
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const sender = useCodeSender('reg');
  const register = useRegisterMutation();

  const send = () => {
    const parsed = checkAccount(account);
    if (parsed) sender.request(parsed.kind, parsed.value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkAccount(account);
    if (!parsed || !checkCode(code) || !checkPassword(password)) return;
    register.mutate(
      { account: parsed.value, code, password },
      {
        onSuccess: () => {
          Toast.show({ content: t('accounts.registered'), duration: TOAST_MS.product });
          done();
        },
      },
    );
  };

  return (
    <div className="page auth" data-testid="register-page">
      <NavBar title={t(route.titleKey)} />
      <div className="auth__hero auth__hero--compact">
        <h1 className="auth__title">{t('accounts.registerTitle')}</h1>
        <p className="auth__subtitle">{t('accounts.registerSubtitle')}</p>
      </div>
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field
          label={t('accounts.accountLabel')}
          placeholder={t('accounts.accountPlaceholder')}
          value={account}
          onChange={setAccount}
          testId="register-account"
          autoComplete="username"
          inputMode="email"
        />
        <div className="auth__field">
          <span className="auth__label">{t('accounts.codeLabel')}</span>
          <CodeRow code={code} onCode={setCode} sender={sender} onSend={send} />
        </div>
        <Field
          label={t('accounts.passwordLabel')}
          placeholder={t('accounts.newPasswordPlaceholder')}
          value={password}
          onChange={setPassword}
          testId="register-password"
          type="password"
          autoComplete="new-password"
          hint={t('accounts.passwordRule', { min: 6, max: 32 })}
        />
        <button
          type="submit"
          className="auth__primary"
          data-testid="register-submit"
          disabled={register.isPending}
        >
          {register.isPending ? t('common.loading') : t('accounts.registerAction')}
        </button>
        <p className="auth__footnote">
          {t('accounts.agreementPrefix')}{' '}
          <button
            type="button"
            className="auth__link"
            onClick={() => navigate('/pages/user/about/agreement')}
          >
            {t('route.agreement')}
          </button>
        </p>
      </form>
    </div>
  );
}
