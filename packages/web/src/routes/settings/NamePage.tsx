import { NICKNAME_MAX_LENGTH, TOAST_MS, isValidNickname } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { useEditNicknameMutation } from '../../state/queries/account';
import { useUserInfoQuery } from '../../state/queries/user';
import type { PageProps } from '../page-props';
import { Field } from '../login/fields';
import { track } from '../../lib/analytics';
import '../login/auth.css';

/** Nickname (/pages/user/seting/name). Guests may choose one too. */
export default function NamePage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfoQuery();
  const [name, setName] = useState<string | null>(null);
  const edit = useEditNicknameMutation();
  const value = name ?? user?.nichen ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidNickname(value)) {
      Toast.show({
        content: t('accounts.invalidNickname', { max: NICKNAME_MAX_LENGTH }),
        duration: TOAST_MS.product,
      });
      return;
    }
    edit.mutate(value.trim(), {
      onSuccess: () => {
        track('profile_update', { params: { field: 'nickname' } });
        Toast.show({ content: t('accounts.saved'), duration: TOAST_MS.product });
        navigate(-1);
      },
    });
  };

  return (
    <div className="page auth" data-testid="name-page">
      <NavBar title={t(route.titleKey)} />
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field
          label={t('accounts.nickname')}
          value={value}
          onChange={setName}
          testId="name-input"
          maxLength={NICKNAME_MAX_LENGTH + 10}
          hint={t('accounts.nicknameRule', { max: NICKNAME_MAX_LENGTH })}
        />
        <button type="submit" className="auth__primary" data-testid="name-save" disabled={edit.isPending}>
          {t('accounts.save')}
        </button>
      </form>
    </div>
  );
}
