/** What a finished packaging job produced, stored as JSON on its job row; paths are relative to the output prefix. */
export interface HlsRendition {
  /** '360p', '720p', … */
  name: string;
  width: number;
  height: number;
  /** Measured average bits per second of the segments (for EXT-X-STREAM-INF and auto quality). */
  bandwidth: number;
  playlist: string;
  /** True when the source's streams were copied rather than re-encoded. */
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
