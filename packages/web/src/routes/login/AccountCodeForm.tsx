import { TOAST_MS, type CodePurpose } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useAfterLogin } from './after-login';
import { CodeRow } from './CodeRow';
import { Field } from './fields';
import { useCodeSender } from './use-code-sender';
import { checkAccount, checkCode, checkPassword } from './validate';
import './auth.css';

export interface AccountCodeInput {
  account: string;
  code: string;
  password: string;
}

interface AccountCodeFormProps {
  /** Prefix of every test id (`register` → register-page, register-account, ...). */
  testIdPrefix: string;
  title: string;
  purpose: CodePurpose;
  text: { title: string; subtitle: string; passwordLabel: string; action: string; success: string };
  /** The login-like call (register, password recovery): it stores the session it answers. */
  mutation: {
    mutate(input: AccountCodeInput, options: { onSuccess: () => void }): void;
    isPending: boolean;
  };
  footer?: ReactNode;
  /** More fields above the button (registration's optional invite code). */
  extra?: ReactNode;
}

/**
 * The form shared by registration and password recovery: a phone number or e-mail address, a
 * code sent to it (after the captcha), a password; on success the visitor is logged in and leaves.
 */
export function AccountCodeForm({
  testIdPrefix,
  title,
  purpose,
  text,
  mutation,
  footer,
  extra,
}: AccountCodeFormProps) {
  const { t } = useTranslation();
  const done = useAfterLogin(2);
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const sender = useCodeSender(purpose);

  const send = () => {
    const parsed = checkAccount(account);
    if (parsed) sender.request(parsed.kind, parsed.value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkAccount(account);
    if (!parsed || !checkCode(code) || !checkPassword(password)) return;
    mutation.mutate(
      { account: parsed.value, code, password },
      {
        onSuccess: () => {
          Toast.show({ content: text.success, duration: TOAST_MS.product });
          done();
        },
      },
    );
  };

  return (
    <div className="page auth" data-testid={`${testIdPrefix}-page`}>
      <NavBar title={title} />
      <div className="auth__hero auth__hero--compact">
        <h1 className="auth__title">{text.title}</h1>
        <p className="auth__subtitle">{text.subtitle}</p>
      </div>
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field
          label={t('accounts.accountLabel')}
          placeholder={t('accounts.accountPlaceholder')}
          value={account}
          onChange={setAccount}
          testId={`${testIdPrefix}-account`}
          autoComplete="username"
          inputMode="email"
        />
        <div className="auth__field">
          <span className="auth__label">{t('accounts.codeLabel')}</span>
          <CodeRow code={code} onCode={setCode} sender={sender} onSend={send} />
        </div>
        <Field
          label={text.passwordLabel}
          placeholder={t('accounts.newPasswordPlaceholder')}
          value={password}
          onChange={setPassword}
          testId={`${testIdPrefix}-password`}
          type="password"
          autoComplete="new-password"
          hint={t('accounts.passwordRule', { min: 6, max: 32 })}
        />
        {extra}
        <button
          type="submit"
          className="auth__primary"
          data-testid={`${testIdPrefix}-submit`}
          disabled={mutation.isPending}
        >
          {mutation.isPending ? t('common.loading') : text.action}
        </button>
        {footer}
      </form>
    </div>
  );
}
