import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { Logo } from '../../components/icons/Logo';
import { NavBar } from '../../components/nav-bar/NavBar';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api/errors';
import { useIdentityLoginMutation, useLoginMutation } from '../../state/queries/account';
import type { PageProps } from '../page-props';
import { BIND_PATH, findRoute } from '../route-table';
import { useAfterLogin } from './after-login';
import { Field } from './fields';
import { checkAccount } from './validate';
import './auth.css';

/** Log in (/pages/user/login/login): phone or e-mail + password, or an identity card image. */
export default function LoginPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useAfterLogin(1);
  const [params] = useSearchParams();
  // Where the guard stopped a guest (after login, the app goes on there); register and retrieve,
  // which open from here, are told too.
  const redirect = params.get('redirect') ?? '';
  const onward = redirect && findRoute(redirect) ? `?redirect=${encodeURIComponent(redirect)}` : '';
  const toBind = findRoute(redirect)?.path === BIND_PATH;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const login = useLoginMutation();
  const identity = useIdentityLoginMutation();
  const picker = useRef<HTMLInputElement | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkAccount(account);
    if (!parsed) return;
    if (password === '') {
      Toast.show({ content: t('accounts.passwordRequired'), duration: TOAST_MS.product });
      return;
    }
    login.mutate(
      { account: parsed.value, password },
      {
        onSuccess: () => {
          track('login', { params: { method: parsed.kind } });
          Toast.show({ content: t('accounts.loggedIn'), duration: TOAST_MS.product });
          done();
        },
      },
    );
  };

  const loginWithCard = (file: File | undefined) => {
    if (!file) return;
    identity.mutate(
      { file },
      {
        onSuccess: () => {
          track('login', { params: { method: 'identity_card' } });
          Toast.show({ content: t('accounts.loggedIn'), duration: TOAST_MS.product });
          done();
        },
        onError: (error) => {
          // Spec §5: the server's message was shown already; a non-object answer gets the network
          // fallback (shown by the client too), anything else the identity-card fallback.
          if (!(error instanceof ApiError) || error.kind === 'invalid') {
            Toast.show({ content: t('accounts.identityFailed'), duration: TOAST_MS.product });
          }
        },
      },
    );
  };

  return (
    <div className="page auth" data-testid="login-page">
      <NavBar title={t(route.titleKey)} />
      <div className="auth__hero">
        <Logo size={56} />
        <h1 className="auth__title">{t('accounts.loginTitle')}</h1>
        <p className="auth__subtitle">{t('accounts.loginSubtitle')}</p>
      </div>
      {toBind && (
        // A guest sent to bind a phone or e-mail lands here (spec: info is guarded): say why, and
        // that registering with the phone or e-mail is the binding, keeping the guest's things.
        <section className="auth__notice" data-testid="login-bind-notice" aria-labelledby="login-bind-title">
          <h2 id="login-bind-title" className="auth__notice-title">
            {t('accounts.bindNoticeTitle')}
          </h2>
          <p className="auth__notice-body">{t('accounts.bindNoticeBody')}</p>
          <button
            type="button"
            className="auth__primary auth__notice-action"
            data-testid="login-bind-register"
            onClick={() => navigate(`/pages/user/login/register${onward}`)}
          >
            {t('accounts.bindNoticeAction')}
          </button>
        </section>
      )}
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field
          label={t('accounts.accountLabel')}
          placeholder={t('accounts.accountPlaceholder')}
          value={account}
          onChange={setAccount}
          testId="login-account"
          autoComplete="username"
          inputMode="email"
        />
        <Field
          label={t('accounts.passwordLabel')}
          placeholder={t('accounts.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          testId="login-password"
          type="password"
          autoComplete="current-password"
        />
        <div className="auth__links">
          <button
            type="button"
            className="auth__link"
            data-testid="login-to-retrieve"
            onClick={() => navigate(`/pages/user/login/retrieve${onward}`)}
          >
            {t('accounts.forgotPassword')}
          </button>
        </div>
        <button type="submit" className="auth__primary" data-testid="login-submit" disabled={login.isPending}>
          {login.isPending ? t('common.loading') : t('accounts.loginAction')}
        </button>
        <button
          type="button"
          className="auth__secondary"
          data-testid="login-to-register"
          onClick={() => navigate(`/pages/user/login/register${onward}`)}
        >
          {t('accounts.registerAction')}
        </button>
      </form>

      <div className="auth__divider">
        <span>{t('accounts.or')}</span>
      </div>
      <button
        type="button"
        className="auth__card-login"
        data-testid="login-identity-card"
        disabled={identity.isPending}
        onClick={() => picker.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
          />
        </svg>
        <span>{identity.isPending ? t('common.loading') : t('accounts.identityLogin')}</span>
      </button>
      <p className="auth__footnote">{t('accounts.identityLoginHint')}</p>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        data-testid="login-identity-file"
        onChange={(event) => {
          loginWithCard(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
