import Hls, { type ErrorData } from 'hls.js/light';
import { useEffect, useState, type RefObject } from 'react';

export interface QualityLevel {
  index: number;
  height: number;
  bitrate: number;
}

export interface HlsState {
  levels: QualityLevel[];
  /** -1 = automatic (by measured bandwidth). */
  selected: number;
  /** The level actually playing (what "Auto" resolved to). */
  playing: number;
  /** A fatal stream error, in English for logs; the UI shows its own translated message. */
  fatal: string | null;
  setLevel: (index: number) => void;
}

/**
 * Attaches an HLS stream to a <video>: hls.js where Media Source Extensions exist (quality levels,
 * bandwidth-based switching), else the browser's native HLS (Safari/iOS, which picks quality
 * itself). Both fetch exactly the URLs the playlists name: the server signs them for this viewer
 * (the AES-128 key URL included), so no request needs a header or a token added here.
 */
export function useHls(video: RefObject<HTMLVideoElement | null>, src: string, startAt: number): HlsState {
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selected, setSelected] = useState(-1);
  const [playing, setPlaying] = useState(-1);
  const [fatal, setFatal] = useState<string | null>(null);
  const [hls, setHls] = useState<Hls | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !src) return;
    setFatal(null);
    setLevels([]);
    setSelected(-1);
    if (Hls.isSupported()) {
      const instance = new Hls({
        startPosition: startAt > 0 ? startAt : -1,
        capLevelToPlayerSize: false,
      });
      instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels(
          data.levels
            .map((level, index) => ({ index, height: level.height, bitrate: level.bitrate }))
            .sort((a, b) => b.height - a.height),
        );
      });
      instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
      let mediaRecoveries = 0;
      instance.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
        if (!data.fatal) return;
        // One media-error recovery is what hls.js recommends; a second fatal error is reported.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 1) {
          mediaRecoveries += 1;
          instance.recoverMediaError();
          return;
        }
        setFatal(`${data.type}: ${data.details}`);
      });
      instance.loadSource(src);
      instance.attachMedia(element);
      setHls(instance);
      return () => {
        instance.destroy();
        setHls(null);
      };
    }
    if (element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = src;
      const seek = () => {
        if (startAt > 0) element.currentTime = startAt;
      };
      const fail = () => setFatal('native playback error');
      element.addEventListener('loadedmetadata', seek, { once: true });
      element.addEventListener('error', fail);
      return () => {
        element.removeEventListener('error', fail);
        element.removeAttribute('src');
        element.load();
      };
    }
    setFatal('HLS is not supported by this browser');
    return undefined;
    // startAt is read once per source: a later resume change must not reload the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, src]);

  return {
    levels,
    selected,
    playing,
    fatal,
    setLevel: (index: number) => {
      setSelected(index);
      if (hls) hls.currentLevel = index;
    },
  };
}
