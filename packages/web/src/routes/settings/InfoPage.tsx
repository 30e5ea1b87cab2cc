import { TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { XfileImage } from '../../components/xfile-image/XfileImage';
import { useUploadAvatarMutation } from '../../state/queries/account';
import { useUserInfoQuery } from '../../state/queries/user';
import type { PageProps } from '../page-props';
import { maskAddress } from './mask';
import { Arrow } from './Arrow';
import { track } from '../../lib/analytics';
import '../user/user.css';
import './settings.css';

/** Account info and binding (/pages/user/seting/info, guarded): avatar, nickname, phone, e-mail, card. */
export default function InfoPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfoQuery();
  const upload = useUploadAvatarMutation();
  const picker = useRef<HTMLInputElement | null>(null);

  const row = (id: string, label: string, value: string, path: string) => (
    <li key={id}>
      <button
        type="button"
        className="user-list__item"
        data-testid={`info-${id}`}
        onClick={() => navigate(path)}
      >
        <span className="user-list__label">{label}</span>
        <span className="settings__value">{value}</span>
        <Arrow />
      </button>
    </li>
  );

  return (
    <div className="page settings" data-testid="info-page">
      <NavBar title={t(route.titleKey)} />
      <section className="user-card">
        <ul className="user-list">
          <li>
            <button
              type="button"
              className="user-list__item settings__avatar-row"
              data-testid="info-avatar"
              disabled={upload.isPending}
              onClick={() => picker.current?.click()}
            >
              <span className="user-list__label">{t('accounts.avatar')}</span>
              <span className="settings__avatar">
                {user?.pic ? (
                  <XfileImage src={user.pic} alt="" />
                ) : (
                  <span className="settings__avatar-empty" />
                )}
              </span>
              <Arrow />
            </button>
            <input
              ref={picker}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              hidden
              data-testid="info-avatar-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file)
                  upload.mutate(file, {
                    onSuccess: () => {
                      track('profile_update', { params: { field: 'avatar' } });
                      Toast.show({ content: t('accounts.avatarSaved'), duration: TOAST_MS.product });
                    },
                  });
              }}
            />
          </li>
          {row('name', t('accounts.nickname'), user?.nichen ?? '', '/pages/user/seting/name')}
          <li>
            <div className="user-list__item settings__row">
              <span className="user-list__label">{t('accounts.userId')}</span>
              <span className="settings__value" data-testid="info-uid">
                {user?.id ?? ''}
              </span>
            </div>
          </li>
        </ul>
      </section>
      <section className="user-card">
        <h2 className="user-card__title">{t('accounts.binding')}</h2>
        <ul className="user-list">
          {row(
            'phone',
            t('accounts.phone'),
            user?.tel ? maskAddress(user.tel) : t('accounts.notBound'),
            '/pages/user/seting/phone',
          )}
          {row(
            'email',
            t('accounts.email'),
            user?.email ? maskAddress(user.email) : t('accounts.notBound'),
            '/pages/user/seting/email',
          )}
          {row('code', t('route.settingCode'), '', '/pages/user/seting/code')}
        </ul>
      </section>
      <section className="user-card">
        <ul className="user-list">
          {row('writeOff', t('route.writeOff'), '', '/pages/user/seting/writeOff')}
        </ul>
      </section>
    </div>
  );
}
