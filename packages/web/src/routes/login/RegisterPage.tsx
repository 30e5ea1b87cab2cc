import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../state/queries/account';
import type { PageProps } from '../page-props';
import { AccountCodeForm } from './AccountCodeForm';

/**
 * Register (/pages/user/login/register) with a phone number or e-mail address, a code and a
 * password. The guest the visitor has been so far becomes the account, keeping everything.
 */
export default function RegisterPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AccountCodeForm
      testIdPrefix="register"
      title={t(route.titleKey)}
      purpose="reg"
      mutation={useRegisterMutation()}
      text={{
        title: t('accounts.registerTitle'),
        subtitle: t('accounts.registerSubtitle'),
        passwordLabel: t('accounts.passwordLabel'),
        action: t('accounts.registerAction'),
        success: t('accounts.registered'),
      }}
      footer={
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
      }
    />
  );
}
