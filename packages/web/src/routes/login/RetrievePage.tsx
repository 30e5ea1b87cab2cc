import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useFindPassMutation } from '../../state/queries/account';
import type { PageProps } from '../page-props';
import { useAfterLogin } from './after-login';
import { CodeRow } from './CodeRow';
import { Field } from './fields';
import { useCodeSender } from './use-code-sender';
import { checkAccount, checkCode, checkPassword } from './validate';
import './auth.css';

/** Password recovery (/pages/user/login/retrieve): a code to the phone or e-mail, then a new password. */
export default function RetrievePage({ route }: PageProps) {
  const { t } = useTranslation();
  const done = useAfterLogin(2);
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const sender = useCodeSender('find');
  const reset = useFindPassMutation();

  const send = () => {
    const parsed = checkAccount(account);
    if (parsed) sender.request(parsed.kind, parsed.value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkAccount(account);
    if (!parsed || !checkCode(code) || !checkPassword(password)) return;
    reset.mutate(
      { account: parsed.value, code, password },
      {
        onSuccess: () => {
          Toast.show({ content: t('accounts.passwordReset'), duration: TOAST_MS.product });
          done();
        },
      },
    );
  };

  return (
    <div className="page auth" data-testid="retrieve-page">
      <NavBar title={t(route.titleKey)} />
      <div className="auth__hero auth__hero--compact">
        <h1 className="auth__title">{t('accounts.retrieveTitle')}</h1>
        <p className="auth__subtitle">{t('accounts.retrieveSubtitle')}</p>
      </div>
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field
          label={t('accounts.accountLabel')}
          placeholder={t('accounts.accountPlaceholder')}
          value={account}
          onChange={setAccount}
          testId="retrieve-account"
          autoComplete="username"
          inputMode="email"
        />
        <div className="auth__field">
          <span className="auth__label">{t('accounts.codeLabel')}</span>
          <CodeRow code={code} onCode={setCode} sender={sender} onSend={send} />
        </div>
        <Field
          label={t('accounts.newPasswordLabel')}
          placeholder={t('accounts.newPasswordPlaceholder')}
          value={password}
          onChange={setPassword}
          testId="retrieve-password"
          type="password"
          autoComplete="new-password"
          hint={t('accounts.passwordRule', { min: 6, max: 32 })}
        />
        <button
          type="submit"
          className="auth__primary"
          data-testid="retrieve-submit"
          disabled={reset.isPending}
        >
          {reset.isPending ? t('common.loading') : t('accounts.resetAction')}
        </button>
      </form>
    </div>
  );
}
