import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { useKefu } from '../../../state/queries/help';
import type { PageProps } from '../../page-props';
import '../../../components/comments/community-pages.css';

/** /pages/user/feedback/message: customer service contact (editable on the server). */
export default function MessagePage({ route }: PageProps) {
  const { t } = useTranslation();
  const kefu = useKefu();
  return (
    <div className="page community-page" data-testid="kefu-page">
      <NavBar title={t(route.titleKey)} />
      {kefu.data ? (
        <article className="community-card">
          <h2 className="community-card__title">{kefu.data.title}</h2>
          <p className="community-card__text">{kefu.data.content}</p>
          {kefu.data.email && (
            <a className="community-link" href={`mailto:${kefu.data.email}`}>
              {kefu.data.email}
            </a>
          )}
          {kefu.data.url && (
            <a className="community-link" href={kefu.data.url} target="_blank" rel="noreferrer">
              {t('community.openKefu')}
            </a>
          )}
        </article>
      ) : (
        <p className="community-page__hint">{t('community.loading')}</p>
      )}
    </div>
  );
}
