import { ApiCode, WorkType, type WorkDetail } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { CommentsSection } from '../../components/comments/CommentsSection';
import { EmptyState } from '../../components/empty-state/EmptyState';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PageLoading } from '../../components/page-state/PageLoading';
import { QueryError } from '../../components/query-state/QueryError';
import { idParam } from '../../lib/id-param';
import { AlsoReadRow } from '../../components/work-detail/AlsoReadRow';
import { WorkAbout } from '../../components/work-detail/WorkAbout';
import { WorkActionBar } from '../../components/work-detail/WorkActionBar';
import { WorkHero } from '../../components/work-detail/WorkHero';
import { useDownloadedIds } from '../../components/downloads/use-downloaded-ids';
import { WorkDownload } from '../../components/downloads/WorkDownload';
import { isApiCode } from '../../lib/api/errors';
import { useAnimeDetail, useAnimeFavoriteToggle } from '../../state/queries/anime';
import { EpisodeList } from './EpisodeList';
import { playerHref } from './anime-links';
import '../../components/work-detail/work-detail.css';
import './anime.css';

/**
 * Anime detail (/pages/anime/details?id=ID): poster, facts, tags, summary, episodes, what its viewers
 * also watched, comments, favourite, play.
 */
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
  const favorite = useAnimeFavoriteToggle(work.relate_id);
  // `read` points at the first episode when never watched (readtime 0): that is not a resume.
  const resumeId = work.read && work.read.readtime > 0 ? work.read.chapter_id : 0;
  const startId = resumeId || episodes[0]?.id || 0;
  const open = (episodeId: number) => navigate(playerHref(work.relate_id, episodeId));
  const downloaded = useDownloadedIds('anime', episodes);

  return (
    <div className="page work-detail anime-detail" data-testid="anime-detail" data-work-id={work.relate_id}>
      <WorkHero work={work} stats={t('anime.episodes', { count: episodes.length })} />

      <div className="work-detail__body">
        <WorkAbout work={work} tagPath="/pages/anime/tag" />
        <EpisodeList
          episodes={episodes}
          currentId={resumeId || null}
          downloadedIds={downloaded}
          onOpen={(e) => open(e.id)}
        />
        <AlsoReadRow workId={work.relate_id} title={t('anime.sectionAlsoWatched')} />
        <CommentsSection workId={work.relate_id} type={WorkType.ANIME} />
      </div>

      <WorkActionBar
        work={work}
        favorite={favorite}
        extra={
          <WorkDownload
            type={WorkType.ANIME}
            work={{ kind: 'anime', workId: work.relate_id, workName: work.name, cover: work.pic }}
            chapters={episodes}
            currentId={startId}
            // The detail call's answer as a whole, and its episodes as the list.
            context={{ detail: { work, episodes }, chapters: episodes }}
          />
        }
        action={{
          testId: 'detail-play',
          disabled: startId === 0,
          onClick: () => open(startId),
          label:
            startId === 0
              ? t('anime.noEpisodes')
              : resumeId
                ? t('anime.continueWatching', { episode: work.read?.chapter_name ?? '' })
                : t('anime.startWatching'),
        }}
      />
    </div>
  );
}
