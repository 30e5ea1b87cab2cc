import { APP_VERSION_NAME } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { useText } from '../../../state/queries/help';
import type { PageProps } from '../../page-props';
import '../../../components/comments/community-pages.css';

/** The about and agreement pages: server-editable texts (/v3/init/txt). */
export function TextPage({ route, name }: PageProps & { name: 'about' | 'agreement' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = useText(name);
  return (
    <div className="page community-page" data-testid={`${name}-page`}>
      <NavBar title={t(route.titleKey)} />
      {name === 'about' && (
        <div className="about-head">
          <img src="/icons/icon-192.png" alt="" className="about-head__logo" />
          <p className="about-head__name">{t('app.name')}</p>
          <p className="community-card__meta">{t('community.version', { version: APP_VERSION_NAME })}</p>
        </div>
      )}
      {text.data ? (
        <article className="community-card">
          <h2 className="community-card__title">{text.data.title}</h2>
          <p className="community-card__text">{text.data.content}</p>
        </article>
      ) : (
        <p className="community-page__hint">{t('community.loading')}</p>
      )}
      {name === 'about' && (
        <button
          type="button"
          className="community-link"
          data-testid="about-agreement"
          onClick={() => void navigate('/pages/user/about/agreement')}
        >
          {t('community.agreement')}
        </button>
      )}
    </div>
  );
}
