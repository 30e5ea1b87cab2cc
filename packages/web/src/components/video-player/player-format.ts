/** Pure helpers of the video player (unit-tested): time labels, thumbnail cues, tap zones. */

/** 75 → '1:15', 3725 → '1:02:05'; NaN and negatives read as 0. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export interface ThumbnailCue {
  start: number;
  end: number;
  /** Absolute URL of the image (a #xywh sprite fragment is kept). */
  url: string;
}

function parseVttTime(text: string): number {
  return text
    .trim()
    .split(':')
    .map(Number)
    .reduce((acc, part) => acc * 60 + part, 0);
}

/** A WebVTT thumbnail track → cues with image URLs resolved against the track's URL. */
export function parseThumbnailVtt(text: string, trackUrl: string): ThumbnailCue[] {
  const cues: ThumbnailCue[] = [];
  const lines = text.replace(/\r/g, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([\d:.]+)\s+-->\s+([\d:.]+)/.exec(lines[i]!.trim());
    const target = lines[i + 1]?.trim();
    if (!match || !target) continue;
    let url = target;
    try {
      url = new URL(target, trackUrl).toString();
    } catch {
      // A relative track URL without a base: keep the relative target.
    }
    cues.push({ start: parseVttTime(match[1]!), end: parseVttTime(match[2]!), url });
  }
  return cues;
}

export function cueAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  return cues.find((cue) => time >= cue.start && time < cue.end) ?? cues[cues.length - 1] ?? null;
}

/** Double-tap zones: the left and right thirds skip; the middle does nothing special. */
export function tapZone(x: number, width: number): 'back' | 'forward' | 'middle' {
  if (width <= 0) return 'middle';
  if (x < width / 3) return 'back';
  if (x > (width * 2) / 3) return 'forward';
  return 'middle';
}

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const SKIP_SECONDS = 10;
export const CONTROLS_HIDE_MS = 3_000;
