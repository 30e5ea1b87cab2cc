import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTROLS_HIDE_MS,
  cueAt,
  formatTime,
  parseThumbnailVtt,
  SKIP_SECONDS,
  SPEEDS,
  tapZone,
  type ThumbnailCue,
} from './player-format';
import { useHls } from './use-hls';
import { subtitleLabel } from './subtitle-label';
import './video-player.css';

export interface SubtitleTrack {
  url: string;
  language: string;
  label: string;
}

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  title: string;
  subtitles: readonly SubtitleTrack[];
  thumbnailsUrl: string;
  /** Seconds to start from (resume). */
  startAt: number;
  autoPlay?: boolean;
  onTime?: (position: number, duration: number) => void;
  onEnded?: () => void;
  /** Paused by the viewer (or the page): a good moment to save the place. */
  onPause?: (position: number, duration: number) => void;
  onRetry?: () => void;
}

type Menu = 'speed' | 'quality' | 'subtitles' | null;

const DOUBLE_TAP_MS = 300;

/**
 * The anime player: HLS (hls.js or native), tap to show controls (they hide after 3 s while
 * playing), double-tap the left/right third to skip ±10 s, a seek bar with a preview thumbnail,
 * speed, quality (auto by bandwidth or fixed), subtitles, and fullscreen with landscape lock.
 * Menus live inside the player so they stay visible in fullscreen.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { t, i18n } = useTranslation();
  const { src, poster, title, subtitles, thumbnailsUrl, startAt, autoPlay = true } = props;
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const hls = useHls(video, src, startAt);
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffering, setBuffering] = useState(false);
  const [controls, setControls] = useState(true);
  const [menu, setMenu] = useState<Menu>(null);
  const [speed, setSpeed] = useState(1);
  const [subtitle, setSubtitle] = useState(-1);
  const [scrub, setScrub] = useState<number | null>(null);
  const [cues, setCues] = useState<ThumbnailCue[]>([]);
  const [skipFlash, setSkipFlash] = useState<{ dir: 'back' | 'forward'; at: number } | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const lastTap = useRef<{ at: number; zone: string }>({ at: 0, zone: '' });
  const { onTime, onEnded } = props;

  const poke = useCallback(() => {
    setControls(true);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => {
      if (!video.current?.paused) {
        setControls(false);
        setMenu(null);
      }
    }, CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  // Preview thumbnails: a WebVTT track of small JPEGs.
  useEffect(() => {
    if (!thumbnailsUrl) return;
    const controller = new AbortController();
    fetch(thumbnailsUrl, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) =>
        setCues(parseThumbnailVtt(text, new URL(thumbnailsUrl, window.location.href).toString())),
      )
      .catch(() => setCues([]));
    return () => controller.abort();
  }, [thumbnailsUrl]);

  // Subtitle choice: exactly one text track showing (or none).
  useEffect(() => {
    const tracks = video.current?.textTracks;
    if (!tracks) return;
    for (let i = 0; i < tracks.length; i++) tracks[i]!.mode = i === subtitle ? 'showing' : 'disabled';
  }, [subtitle, subtitles]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
    poke();
  };

  const seekTo = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    const end = Number.isFinite(element.duration) ? element.duration : seconds;
    element.currentTime = Math.max(0, Math.min(end - 0.1, seconds));
    setTime(element.currentTime);
  };

  const skip = (dir: 'back' | 'forward') => {
    const element = video.current;
    if (!element) return;
    seekTo(element.currentTime + (dir === 'back' ? -SKIP_SECONDS : SKIP_SECONDS));
    setSkipFlash({ dir, at: Date.now() });
    window.setTimeout(() => setSkipFlash(null), 600);
  };

  const onSurfaceTap = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const zone = tapZone(event.clientX - rect.left, rect.width);
    const now = Date.now();
    const double = now - lastTap.current.at < DOUBLE_TAP_MS && lastTap.current.zone === zone;
    lastTap.current = { at: now, zone };
    if (double && zone !== 'middle') {
      skip(zone);
      poke();
      return;
    }
    if (controls && menu) setMenu(null);
    else if (controls) {
      setControls(false);
    } else poke();
  };

  const toggleFullscreen = async () => {
    const element = box.current;
    if (!element) return;
    if (document.fullscreenElement) {
      await document.exitFullscreen().catch(() => undefined);
      return;
    }
    await element.requestFullscreen?.().catch(() => undefined);
    // Landscape lock exists on Android browsers in fullscreen; elsewhere it rejects harmlessly.
    const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
    await orientation.lock?.('landscape').catch(() => undefined);
  };

  const shown = scrub ?? time;
  const preview = scrub !== null ? cueAt(cues, scrub) : null;
  const qualityLabel =
    hls.selected === -1
      ? t('anime.player.auto')
      : `${hls.levels.find((l) => l.index === hls.selected)?.height ?? ''}p`;

  return (
    <div
      ref={box}
      className={`video-player${controls ? ' video-player--controls' : ''}${fullscreen ? ' video-player--full' : ''}`}
      data-testid="video-player"
      data-paused={paused ? '1' : '0'}
    >
      <video
        ref={video}
        className="video-player__video"
        data-testid="video"
        poster={poster}
        playsInline
        autoPlay={autoPlay}
        crossOrigin="anonymous"
        onPlay={() => {
          setPaused(false);
          poke();
        }}
        onPause={(event) => {
          props.onPause?.(event.currentTarget.currentTime, event.currentTarget.duration);
          setPaused(true);
          setControls(true);
        }}
        onWaiting={() => setBuffering(true)}
        onPlaying={() => setBuffering(false)}
        onTimeUpdate={(event) => {
          const element = event.currentTarget;
          setTime(element.currentTime);
          onTime?.(element.currentTime, element.duration);
        }}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onRateChange={(event) => setSpeed(event.currentTarget.playbackRate)}
        onEnded={() => onEnded?.()}
      >
        {subtitles.map((track) => (
          <track
            key={track.url}
            kind="subtitles"
            src={track.url}
            srcLang={track.language}
            label={subtitleLabel(track, i18n.language, (n) => t('anime.player.subtitleNumbered', { n }))}
          />
        ))}
      </video>

      <div className="video-player__surface" data-testid="player-surface" onPointerUp={onSurfaceTap} />

      {skipFlash && (
        <div className={`video-player__skip video-player__skip--${skipFlash.dir}`} data-testid="player-skip">
          {skipFlash.dir === 'back' ? `−${SKIP_SECONDS}s` : `+${SKIP_SECONDS}s`}
        </div>
      )}
      {buffering && !hls.fatal && <div className="video-player__spinner" aria-label={t('common.loading')} />}

      {hls.fatal && (
        <div className="video-player__error" data-testid="player-error" role="alert">
          <p>{t('anime.player.streamFailed')}</p>
          {props.onRetry && (
            <button type="button" data-testid="player-retry" onClick={props.onRetry}>
              {t('common.retry')}
            </button>
          )}
        </div>
      )}

      <div className="video-player__top">
        <span className="video-player__title">{title}</span>
      </div>

      <button
        type="button"
        className="video-player__play"
        data-testid="player-play"
        aria-label={paused ? t('anime.player.play') : t('anime.player.pause')}
        onClick={togglePlay}
      >
        {paused ? (
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
            <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
          </svg>
        )}
      </button>

      <div className="video-player__bottom">
        <div className="video-player__seek">
          {preview && (
            <div
              className="video-player__preview"
              data-testid="player-preview"
              style={{ left: `${duration > 0 ? (shown / duration) * 100 : 0}%` }}
            >
              <img src={preview.url} alt="" />
              <span>{formatTime(shown)}</span>
            </div>
          )}
          <input
            type="range"
            min={0}
            max={duration > 0 ? duration : 0}
            step={0.1}
            value={shown}
            aria-label={t('anime.player.seek')}
            data-testid="player-seek"
            onPointerDown={() => poke()}
            onChange={(event) => {
              setScrub(Number(event.target.value));
              poke();
            }}
            onPointerUp={(event) => {
              seekTo(Number(event.currentTarget.value));
              setScrub(null);
            }}
            onKeyUp={(event) => {
              seekTo(Number(event.currentTarget.value));
              setScrub(null);
            }}
          />
        </div>
        <div className="video-player__bar">
          <span className="video-player__time" data-testid="player-time">
            {formatTime(shown)} / {formatTime(duration)}
          </span>
          <span className="video-player__spacer" />
          <button
            type="button"
            data-testid="player-speed"
            onClick={() => setMenu(menu === 'speed' ? null : 'speed')}
          >
            {speed === 1 ? t('anime.player.speed') : `${speed}×`}
          </button>
          {hls.levels.length > 0 && (
            <button
              type="button"
              data-testid="player-quality"
              onClick={() => setMenu(menu === 'quality' ? null : 'quality')}
            >
              {qualityLabel}
            </button>
          )}
          {subtitles.length > 0 && (
            <button
              type="button"
              data-testid="player-subtitles"
              aria-pressed={subtitle >= 0}
              onClick={() => setMenu(menu === 'subtitles' ? null : 'subtitles')}
            >
              {t('anime.player.subtitles')}
            </button>
          )}
          <button
            type="button"
            data-testid="player-fullscreen"
            aria-label={fullscreen ? t('anime.player.exitFullscreen') : t('anime.player.fullscreen')}
            onClick={() => void toggleFullscreen()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d={
                  fullscreen
                    ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5'
                    : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'
                }
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>
          </button>
        </div>
      </div>

      {menu && (
        <div className="video-player__menu" role="menu" data-testid={`player-menu-${menu}`}>
          {menu === 'speed' &&
            SPEEDS.map((value) => (
              <MenuItem
                key={value}
                testId={`player-speed-${value}`}
                active={speed === value}
                label={value === 1 ? t('anime.player.normal') : `${value}×`}
                onPick={() => {
                  if (video.current) video.current.playbackRate = value;
                  setMenu(null);
                }}
              />
            ))}
          {menu === 'quality' && (
            <>
              <MenuItem
                testId="player-quality-auto"
                active={hls.selected === -1}
                label={
                  hls.selected === -1 && hls.playing >= 0
                    ? `${t('anime.player.auto')} (${hls.levels.find((l) => l.index === hls.playing)?.height ?? ''}p)`
                    : t('anime.player.auto')
                }
                onPick={() => {
                  hls.setLevel(-1);
                  setMenu(null);
                }}
              />
              {hls.levels.map((level) => (
                <MenuItem
                  key={level.index}
                  testId={`player-quality-${level.height}`}
                  active={hls.selected === level.index}
                  label={`${level.height}p`}
                  onPick={() => {
                    hls.setLevel(level.index);
                    setMenu(null);
                  }}
                />
              ))}
            </>
          )}
          {menu === 'subtitles' && (
            <>
              <MenuItem
                testId="player-subtitle-off"
                active={subtitle === -1}
                label={t('anime.player.subtitlesOff')}
                onPick={() => {
                  setSubtitle(-1);
                  setMenu(null);
                }}
              />
              {subtitles.map((track, index) => (
                <MenuItem
                  key={track.url}
                  testId={`player-subtitle-${index}`}
                  active={subtitle === index}
                  label={subtitleLabel(track, i18n.language, (n) =>
                    t('anime.player.subtitleNumbered', { n }),
                  )}
                  onPick={() => {
                    setSubtitle(index);
                    setMenu(null);
                  }}
                />
              ))}
            </>
          )}
        </div>
      )}
    </div>
  );
}

function MenuItem(props: { testId: string; active: boolean; label: string; onPick: () => void }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={props.active}
      data-testid={props.testId}
      className={`video-player__menu-item${props.active ? ' video-player__menu-item--on' : ''}`}
      onClick={props.onPick}
    >
      {props.label}
    </button>
  );
}
