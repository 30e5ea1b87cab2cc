import type { EpisodeStatus } from '@dm51/shared';
import { useTranslation } from 'react-i18next';

type Kind = EpisodeStatus | 'vip' | 'missing';

/** What the player area says instead of a picture: still processing, failed (with why), VIP, missing. */
export function EpisodeStatusNote({
  kind,
  progress = 0,
  reason = '',
}: {
  kind: Kind;
  progress?: number;
  reason?: string;
}) {
  const { t } = useTranslation();
  const text =
    kind === 'processing'
      ? t('anime.processingNote', { progress })
      : kind === 'waiting'
        ? t('anime.waitingNote')
        : kind === 'failed'
          ? t('anime.failedNote')
          : kind === 'vip'
            ? t('anime.vipNote')
            : kind === 'missing'
              ? t('anime.missingNote')
              : '';
  return (
    <div className="anime-note" data-testid="episode-note" data-kind={kind} role="status">
      <p className="anime-note__text">{text}</p>
      {kind === 'failed' && reason && (
        <p className="anime-note__reason" data-testid="episode-failure-reason">
          {reason}
        </p>
      )}
    </div>
  );
}
