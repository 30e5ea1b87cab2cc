import { PAY_VIP, type AnimeEpisode } from '@dm51/shared';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/video-player/player-format';
import { DownloadedMark } from '../../components/downloads/DownloadedMark';

/** Episodes in order with their state: playing now, VIP or coin lock, processing n %, failed. */
export function EpisodeList({
  episodes,
  currentId,
  onOpen,
  downloadedIds,
}: {
  episodes: readonly AnimeEpisode[];
  currentId: number | null;
  onOpen: (episode: AnimeEpisode) => void;
  /** Episodes downloaded for watching offline: marked. */
  downloadedIds?: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  if (episodes.length === 0) return <p className="anime-episodes__empty">{t('anime.noEpisodes')}</p>;
  return (
    <section className="anime-episodes" data-testid="episode-list">
      <h2 className="anime-episodes__head">{t('anime.episodes', { count: episodes.length })}</h2>
      <ol className="anime-episodes__list">
        {episodes.map((episode) => {
          const current = episode.id === currentId;
          return (
            <li key={episode.id}>
              <button
                type="button"
                className={`anime-episode${current ? ' anime-episode--current' : ''}`}
                data-testid={`episode-${episode.sort + 1}`}
                data-status={episode.status}
                aria-current={current ? 'true' : undefined}
                onClick={() => onOpen(episode)}
              >
                <span className="anime-episode__name">{episode.name}</span>
                <span className="anime-episode__meta">
                  {downloadedIds?.has(episode.id) && (
                    <DownloadedMark testId={`episode-downloaded-${episode.id}`} />
                  )}
                  {episode.locked && episode.pay === PAY_VIP ? (
                    <span className="anime-episode__vip">VIP</span>
                  ) : null}
                  {episode.locked && episode.pay !== PAY_VIP ? (
                    <span className="anime-episode__coins" data-testid="episode-price">
                      {t('money.coinsN', { count: episode.price_coins, n: episode.price_coins })}
                    </span>
                  ) : null}
                  {episode.status === 'ready' && episode.duration_s > 0 && formatTime(episode.duration_s)}
                  {episode.status === 'processing' &&
                    t('anime.status.processing', { progress: episode.progress })}
                  {episode.status === 'waiting' && t('anime.status.waiting')}
                  {episode.status === 'failed' && (
                    <span className="anime-episode__failed">{t('anime.status.failed')}</span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
