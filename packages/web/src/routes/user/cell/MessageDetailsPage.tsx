import { WorkType } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { useRelativeTime } from '../../../lib/relative-time';
import { useOpenMessage } from '../../../state/queries/message';
import type { PageProps } from '../../page-props';
import { messageTitle } from '../../../lib/message-title';
import { displayName } from '../../../lib/display-name';
import '../../../components/comments/community-pages.css';

function workHref(type: number, id: number): string {
  if (type === WorkType.COMIC) return `/pages/cartoon/review?column=${id}&type=${type}`;
  if (type === WorkType.ANIME) return `/pages/anime/details?id=${id}`;
  return `/pages/novel/cover?column=${id}`;
}

/** /pages/user/cell/mesDetails?id=ID: one message, marked read on opening. */
export default function MessageDetailsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const when = useRelativeTime();
  const [params] = useSearchParams();
  const message = useOpenMessage(Number(params.get('id') ?? 0) || 0);
  const item = message.data;
  return (
    <div className="page community-page" data-testid="message-details-page">
      <NavBar title={t(route.titleKey)} />
      {item ? (
        <article className="community-card" data-testid="message-details">
          <h2 className="community-card__title">
            {item.type === 2
              ? t('community.replyFrom', {
                  name: displayName(item.from_nichen, t) || t('community.anonymous'),
                })
              : messageTitle(t, i18n, item)}
          </h2>
          <p className="community-card__meta">{when(item.addtime)}</p>
          <p className="community-card__text">{item.content}</p>
          {item.work_id > 0 && (
            <button
              type="button"
              className="community-button"
              data-testid="message-open-work"
              onClick={() => void navigate(workHref(item.work_type, item.work_id))}
            >
              {item.type === 2 ? t('community.viewComments') : t('community.viewWork')}
            </button>
          )}
        </article>
      ) : (
        <p className="community-page__hint">
          {message.isError ? t('community.notFound') : t('community.loading')}
        </p>
      )}
    </div>
  );
}
