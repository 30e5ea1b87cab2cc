import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { track } from '../../lib/analytics';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { forgetInviteCode, keptInviteCode } from '../../lib/invite-link';
import { useRegisterMutation } from '../../state/queries/account';
import type { PageProps } from '../page-props';
import { inviteRefusalText } from '../user/invite/invite-errors';
import { useRewardText } from '../user/invite/reward-text';
import { AccountCodeForm, type AccountCodeInput } from './AccountCodeForm';
import { Field } from './fields';

/**
 * Register (/pages/user/login/register) with a phone number or e-mail address, a code and a
 * password. The guest the visitor has been so far becomes the account, keeping everything.
 * Invite programme: an optional friend's invite code, pre-filled from the share link the
 * app was opened with, is entered for the new account; what came of it is said after the
 * registration (a refused code does not stop it).
 */
export default function RegisterPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterMutation();
  const rewardText = useRewardText();
  const [inviteCode, setInviteCode] = useState(keptInviteCode);
  const mutation = {
    isPending: register.isPending,
    mutate(input: AccountCodeInput, options: { onSuccess: () => void }) {
      const code = inviteCode.replace(/\s+/g, '').toUpperCase();
      register.mutate(
        { ...input, invite_code: code.length >= 4 ? code : '' },
        {
          onSuccess: ({ invite }) => {
            // Spec §7: registration is reported to analytics (how, never the address).
            track('register', { params: { method: input.account.includes('@') ? 'email' : 'tel' } });
            options.onSuccess();
            if (!invite) return;
            if (invite.code === 1) {
              track('invite_bind', { params: { via: 'register' } });
              forgetInviteCode();
              showBottomToast(t('invite.registerBound', { reward: rewardText(invite.reward) }));
            } else showBottomToast(inviteRefusalText(t, invite.code, invite.msg, invite.window_days));
          },
        },
      );
    },
  };
  return (
    <AccountCodeForm
      testIdPrefix="register"
      title={t(route.titleKey)}
      purpose="reg"
      mutation={mutation}
      text={{
        title: t('accounts.registerTitle'),
        subtitle: t('accounts.registerSubtitle'),
        passwordLabel: t('accounts.passwordLabel'),
        action: t('accounts.registerAction'),
        success: t('accounts.registered'),
      }}
      extra={
        <Field
          label={t('invite.registerLabel')}
          placeholder={t('invite.registerPlaceholder')}
          value={inviteCode}
          onChange={(value) => setInviteCode(value.toUpperCase())}
          testId="register-invite"
          autoComplete="off"
          maxLength={16}
        />
      }
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
