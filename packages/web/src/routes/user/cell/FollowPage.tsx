import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { PagedListView } from '../../../components/paged-list/PagedListView';
import { WorkCover } from '../../../components/generated-cover/WorkCover';
import { useRelativeTime } from '../../../lib/relative-time';
import { useFollowList, useFollowToggle } from '../../../state/queries/follow';
import type { PageProps } from '../../page-props';
import '../../../components/comments/community-pages.css';

function detailHref(type: number, id: number): string {
  if (type === 0) return `/pages/cartoon/details?column=${id}`;
  if (type === 2) return `/pages/anime/details?id=${id}`;
  return `/pages/novel/cover?column=${id}`;
}

/** /pages/user/cell/follow: works followed for updates, newest update first; unfollow per row. */
export default function FollowPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const when = useRelativeTime();
  const list = useFollowList();
  const toggle = useFollowToggle();
  return (
    <div className="page community-page" data-testid="follow-page">
      <NavBar title={t(route.titleKey)} />
      <PagedListView list={list} empty={{ title: t('community.noFollows') }} testId="follow-list">
        {(items) =>
          items.map((item) => (
            <div key={item.relate_id} className="follow-row" data-testid={`follow-${item.relate_id}`}>
              <button
                type="button"
                className="follow-row__open"
                onClick={() => void navigate(detailHref(item.type, item.relate_id))}
              >
                <WorkCover
                  src={item.pic}
                  title={item.name}
                  author={item.author}
                  className="follow-row__cover"
                />
                <span className="follow-row__body">
                  <span className="follow-row__name">{item.name}</span>
                  <span className="follow-row__latest">
                    {item.latest_chapter_name && t('community.latest', { name: item.latest_chapter_name })}
                  </span>
                  <span className="follow-row__time">{when(item.updated_time)}</span>
                </span>
              </button>
              <button
                type="button"
                className="community-button community-button--ghost"
                data-testid={`unfollow-${item.relate_id}`}
                onClick={() => toggle.mutate({ id: item.relate_id, follow: false })}
              >
                {t('community.unfollow')}
              </button>
            </div>
          ))
        }
      </PagedListView>
    </div>
  );
}
