import { ApiCode, WorkType, type WorkDetail } from '@dm51/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CommentsSection } from '../../components/comments/CommentsSection';
import { EmptyState } from '../../components/empty-state/EmptyState';
import { formatScore } from '../../components/mixed-list-card/card-fields';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PageLoading } from '../../components/page-state/PageLoading';
import { QueryError } from '../../components/query-state/QueryError';
import { idParam } from '../../components/work-detail/WorkDetailRoute';
import { XfileImage } from '../../components/xfile-image/XfileImage';
import { useXfileImage } from '../../components/xfile-image/use-xfile-image';
import { isApiCode } from '../../lib/api/errors';
import { useAnimeDetail, useAnimeFavoriteToggle } from '../../state/queries/anime';
import { EpisodeList } from './EpisodeList';
import { playerHref } from './anime-links';
import '../../components/work-detail/work-detail.css';
import './anime.css';

/** Anime detail (/pages/anime/details?id=ID): poster, facts, tags, summary, episodes, favourite, play. */
export default function DetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params, 'id');
  const detail = useAnimeDetail(id);
  const missing = id === 0 || isApiCode(detail.error, ApiCode.CONTENT_NOT_FOUND);
  if (missing)
    return (
      <div className="page">
        <NavBar title={t('catalogue.notFoundTitle')} />
        <EmptyState kind="anime" title={t('catalogue.notFound')} testId="detail-missing" />
      </div>
    );
  if (detail.isError)
    return (
      <div className="page">
        <NavBar title="" />
        <QueryError onRetry={() => void detail.refetch()} />
      </div>
    );
  if (!detail.data) return <PageLoading />;
  return <AnimeDetailView work={detail.data.work} episodes={detail.data.episodes} />;
}

function AnimeDetailView({
  work,
  episodes,
}: {
  work: WorkDetail;
  episodes: Parameters<typeof EpisodeList>[0]['episodes'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const favorite = useAnimeFavoriteToggle(work.relate_id);
  const backdrop = useXfileImage(work.pic);
  // `read` points at the first episode when never watched (readtime 0): that is not a resume.
  const resumeId = work.read && work.read.readtime > 0 ? work.read.chapter_id : 0;
  const startId = resumeId || episodes[0]?.id || 0;
  const open = (episodeId: number) => navigate(playerHref(work.relate_id, episodeId));

  return (
    <div className="page work-detail anime-detail" data-testid="anime-detail" data-work-id={work.relate_id}>
      <div className="work-detail__hero">
        {backdrop.url && (
          <div className="work-detail__backdrop" style={{ backgroundImage: `url("${backdrop.url}")` }} />
        )}
        <div className="work-detail__shade" />
        <div className="work-detail__nav">
          <NavBar white title="" />
        </div>
        <div className="work-detail__head">
          <XfileImage src={work.pic} alt={work.name} className="work-detail__cover" />
          <div className="work-detail__meta">
            <h1 className="work-detail__title" data-testid="detail-title">
              {work.name}
            </h1>
            <div className="work-detail__facts">
              <span className="work-detail__score">
                {t('card.score', { score: formatScore(work.score) })}
              </span>
              <span className="work-detail__status">
                {t(work.isend ? 'card.finished' : 'card.serialising')}
              </span>
              {work.pay === 2 && <span className="work-detail__vip">VIP</span>}
            </div>
            <div className="work-detail__stats">{t('anime.episodes', { count: episodes.length })}</div>
          </div>
        </div>
      </div>

      <div className="work-detail__body">
        {work.tag_list.length > 0 && (
          <div className="work-detail__tags">
            {work.tag_list.map((tag) => (
              <button
                key={tag.id}
                type="button"
                className="work-detail__tag"
                data-testid={`detail-tag-${tag.id}`}
                onClick={() => navigate(`/pages/anime/tag?id=${tag.id}&name=${encodeURIComponent(tag.name)}`)}
              >
                {tag.name}
              </button>
            ))}
          </div>
        )}
        {work.summary && (
          <button
            type="button"
            className={`work-detail__summary${summaryOpen ? ' work-detail__summary--open' : ''}`}
            data-testid="detail-summary"
            onClick={() => setSummaryOpen(!summaryOpen)}
          >
            {work.summary}
          </button>
        )}
        <EpisodeList episodes={episodes} currentId={resumeId || null} onOpen={(e) => open(e.id)} />
        <CommentsSection workId={work.relate_id} type={WorkType.ANIME} />
      </div>

      <footer className="work-detail__bar">
        <button
          type="button"
          className={`work-detail__fav${work.is_favorite ? ' work-detail__fav--on' : ''}`}
          data-testid="detail-favorite"
          aria-pressed={work.is_favorite === 1}
          disabled={favorite.isPending}
          onClick={() => favorite.mutate(work.is_favorite !== 1)}
        >
          <span>{work.is_favorite ? t('catalogue.favorited') : t('catalogue.favorite')}</span>
        </button>
        <button
          type="button"
          className="work-detail__read"
          data-testid="detail-play"
          disabled={startId === 0}
          onClick={() => open(startId)}
        >
          {startId === 0
            ? t('anime.noEpisodes')
            : resumeId
              ? t('anime.continueWatching', { episode: work.read?.chapter_name ?? '' })
              : t('anime.startWatching')}
        </button>
      </footer>
    </div>
  );
}
