import { WorkType, type AnimeEpisode } from '@dm51/shared';
import { Checkbox } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { NavBar } from '../../components/nav-bar/NavBar';
import { PageLoading } from '../../components/page-state/PageLoading';
import { QueryError } from '../../components/query-state/QueryError';
import { LockedChapter } from '../../components/unlock-sheet/LockedChapter';
import { lockReasonOf } from '../../components/unlock-sheet/lock-reason';
import { useChargeToast } from '../../components/unlock-sheet/use-charge-toast';
import { nextLabelKey } from '../../components/reader/next-label';
import { VideoPlayer } from '../../components/video-player/VideoPlayer';
import { useDownloadedIds } from '../../components/downloads/use-downloaded-ids';
import { WorkDownload } from '../../components/downloads/WorkDownload';
import { idParam } from '../../lib/id-param';
import { mediaUrl } from '../../lib/media-url';
import { useReadingClock } from '../../lib/reading-clock';
import { saveWatchProgress, useAnimeDetail, useAnimePlay } from '../../state/queries/anime';
import { EpisodeList } from './EpisodeList';
import { EpisodeStatusNote } from './EpisodeStatusNote';
import { playerHref } from './anime-links';
import './anime.css';

/** Saved every few seconds while playing, and on pause, leave and hide. */
const SAVE_EVERY_MS = 5_000;
const AUTOPLAY_KEY = 'animeAutoplay';

/** The episode player (/pages/anime/player?id=WORK&ep=EPISODE). */
export default function PlayerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workId = idParam(params, 'id');
  const episodeId = idParam(params, 'ep');
  const play = useAnimePlay(episodeId);
  // Watching time counts while the video plays (its time updates mark the clock active).
  const watchClock = useReadingClock({ kind: 'anime', workId, chapterId: episodeId, idleMs: 5_000 });
  const detail = useAnimeDetail(workId);
  const [autoplay, setAutoplay] = useState(() => localStorage.getItem(AUTOPLAY_KEY) !== '0');
  const [attempt, setAttempt] = useState(0);
  const last = useRef<{ position: number; duration: number; savedAt: number; dirty: boolean }>({
    position: 0,
    duration: 0,
    savedAt: 0,
    dirty: false,
  });

  // Flush the watch place when leaving the episode or hiding the page.
  useEffect(() => {
    const flush = () => {
      if (!last.current.dirty) return;
      last.current.dirty = false;
      void saveWatchProgress(episodeId, last.current.position, last.current.duration);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [episodeId]);

  const info = play.data;
  const episodes: readonly AnimeEpisode[] = detail.data?.episodes ?? [];
  const downloaded = useDownloadedIds('anime', episodes);
  const current = episodes.find((e) => e.id === episodeId) ?? info?.episode;
  // The play answer decides; while it loads (or after a purchase refetch) the episode list's lock.
  const lockReason = lockReasonOf(info ? undefined : episodes.find((e) => e.id === episodeId), play.error);
  useChargeToast(episodeId, info?.charged);
  const title = current ? `${detail.data?.work.name ?? info?.work_name ?? ''} · ${current.name}` : '';
  const goTo = (id: number) => navigate(playerHref(workId, id), { replace: true });

  let stage;
  if (episodeId === 0) stage = <EpisodeStatusNote kind="missing" />;
  else if (lockReason)
    stage = (
      // The stage's note says why nothing plays (data-kind 'vip' or 'coins'), as for the other states.
      <div className="anime-player__lock" data-testid="episode-note" data-kind={lockReason}>
        <LockedChapter
          key={episodeId}
          compact
          type={WorkType.ANIME}
          chapterId={episodeId}
          chapterName={current?.name ?? ''}
          reason={lockReason}
        />
      </div>
    );
  else if (play.isError) stage = <QueryError onRetry={() => void play.refetch()} />;
  else if (!info) stage = <PageLoading />;
  else if (info.episode.status !== 'ready' || !info.master_url)
    stage = (
      <EpisodeStatusNote
        kind={info.episode.status}
        progress={info.episode.progress}
        reason={info.episode.reason}
      />
    );
  else
    stage = (
      <VideoPlayer
        key={`${episodeId}-${attempt}`}
        src={mediaUrl(info.master_url)}
        poster={mediaUrl(info.poster)}
        title={title}
        subtitles={info.subtitles.map((s) => ({ ...s, url: mediaUrl(s.url) }))}
        thumbnailsUrl={mediaUrl(info.thumbnails_url)}
        startAt={info.resume_s}
        onRetry={() => setAttempt(attempt + 1)}
        onTime={(position, duration) => {
          watchClock.markActive();
          const state = last.current;
          state.position = position;
          state.duration = Number.isFinite(duration) ? duration : 0;
          state.dirty = true;
          if (Date.now() - state.savedAt >= SAVE_EVERY_MS) {
            state.savedAt = Date.now();
            state.dirty = false;
            void saveWatchProgress(episodeId, position, state.duration);
          }
        }}
        onPause={(position, duration) => {
          last.current.dirty = false;
          last.current.savedAt = Date.now();
          void saveWatchProgress(episodeId, position, Number.isFinite(duration) ? duration : 0);
        }}
        onEnded={() => {
          void saveWatchProgress(episodeId, last.current.duration, last.current.duration);
          last.current.dirty = false;
          if (autoplay && info.next_episode_id > 0 && info.next_locked === 0) goTo(info.next_episode_id);
        }}
      />
    );

  return (
    <div className="page anime-player" data-testid="anime-player" data-episode-id={episodeId}>
      <NavBar title={t('route.animePlayer')} />
      <div className="anime-player__stage">{stage}</div>
      <div className="anime-player__info">
        <h1 className="anime-player__title" data-testid="player-episode-title">
          {title}
        </h1>
        <div className="anime-player__actions">
          {/* antd-mobile's checkbox: its tick takes the theme colour, not the browser's blue. */}
          <Checkbox
            className="anime-player__autoplay"
            data-testid="player-autoplay"
            checked={autoplay}
            onChange={(checked) => {
              setAutoplay(checked);
              localStorage.setItem(AUTOPLAY_KEY, checked ? '1' : '0');
            }}
          >
            {t('anime.autoplay')}
          </Checkbox>
          {detail.data && (
            <WorkDownload
              className="anime-player__download"
              testId="player-download"
              type={WorkType.ANIME}
              work={{
                kind: 'anime',
                workId,
                workName: detail.data.work.name,
                cover: detail.data.work.pic,
              }}
              chapters={episodes}
              currentId={episodeId}
              context={{ detail: detail.data, chapters: episodes }}
            />
          )}
          {info && info.next_episode_id > 0 && (
            <button
              type="button"
              className="anime-player__next"
              data-testid="player-next"
              onClick={() => goTo(info.next_episode_id)}
            >
              {t(
                nextLabelKey(
                  'anime.nextEpisode',
                  info.next_locked === 1,
                  episodes.find((e) => e.id === info.next_episode_id),
                ),
              )}
            </button>
          )}
        </div>
      </div>
      {detail.isError ? (
        <QueryError onRetry={() => void detail.refetch()} />
      ) : (
        <EpisodeList
          episodes={episodes}
          currentId={episodeId}
          downloadedIds={downloaded}
          onOpen={(e) => goTo(e.id)}
        />
      )}
    </div>
  );
}
