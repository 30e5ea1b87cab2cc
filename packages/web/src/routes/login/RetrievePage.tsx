import { useTranslation } from 'react-i18next';
import { useFindPassMutation } from '../../state/queries/account';
import type { PageProps } from '../page-props';
import { AccountCodeForm } from './AccountCodeForm';

/** Password recovery (/pages/user/login/retrieve): a code to the phone or e-mail, then a new password. */
export default function RetrievePage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <AccountCodeForm
      testIdPrefix="retrieve"
      title={t(route.titleKey)}
      purpose="find"
      mutation={useFindPassMutation()}
      text={{
        title: t('accounts.retrieveTitle'),
        subtitle: t('accounts.retrieveSubtitle'),
        passwordLabel: t('accounts.newPasswordLabel'),
        action: t('accounts.resetAction'),
        success: t('accounts.passwordReset'),
      }}
    />
  );
}
