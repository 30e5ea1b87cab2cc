/** What a finished packaging job produced, stored as JSON on its job row; paths are relative to the output prefix. */
export interface HlsRendition {
  /** '360p', '720p', … */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second over the segments (BANDWIDTH on EXT-X-STREAM-INF, auto quality). */
  bandwidth: number;
  /** Average bits per second over the segments (AVERAGE-BANDWIDTH); absent in older packages. */
  averageBandwidth?: number;
  /** RFC 6381 codecs, e.g. `avc1.64001f,mp4a.40.2` (CODECS); absent in older packages. */
  codecs?: string;
  playlist: string;
  /** True when the source's video was copied rather than re-encoded (audio is always re-encoded). */
  copied: boolean;
}

export interface HlsSubtitle {
  file: string;
  language: string;
  label: string;
}

export interface HlsManifest {
  master: string;
  durationMs: number;
  renditions: HlsRendition[];
  subtitles: HlsSubtitle[];
  /** WebVTT thumbnail track ('' when none could be made). */
  thumbnails: string;
  poster: string;
  encrypted: boolean;
}

export function parseManifest(json: string): HlsManifest | null {
  try {
    const value = JSON.parse(json) as Partial<HlsManifest>;
    return value && typeof value.master === 'string' && Array.isArray(value.renditions)
      ? (value as HlsManifest)
      : null;
  } catch {
    return null;
  }
}
