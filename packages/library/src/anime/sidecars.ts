import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mkv', 'webm']);
const SUBTITLE_EXTENSIONS = new Set(['srt', 'ass', 'ssa', 'vtt']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif']);
const POSTER_NAMES = new Set(['poster', 'cover', 'folder', 'show', 'fanart', 'thumb', 'banner']);

export interface SubtitleSidecar {
  path: string;
  format: string;
  /** Language tag from the name (`.en.srt`, `.zh-Hans.ass`, `.chs.ass`), null when none. */
  language: string | null;
}

export interface Episode {
  path: string;
  subtitles: SubtitleSidecar[];
  /** Episode thumbnail: `<episode>.jpg` or `<episode>-thumb.jpg`. */
  thumbnail: string | null;
}

export interface AnimeFolder {
  episodes: Episode[];
  /** Series poster: poster/cover/folder.(jpg|png|webp) in the folder. */
  poster: string | null;
}

// Fansub shorthand that is not a BCP 47 tag; mapped so the player can show a language name.
const LANGUAGE_ALIASES: Record<string, string> = {
  chs: 'zh-Hans',
  sc: 'zh-Hans',
  gb: 'zh-Hans',
  cht: 'zh-Hant',
  tc: 'zh-Hant',
  big5: 'zh-Hant',
  jp: 'ja',
  jpn: 'ja',
  eng: 'en',
  chi: 'zh',
  zho: 'zh',
};

/**
 * Matches sidecar files to the videos in one folder. A subtitle belongs to an episode when its
 * name starts with the episode's name (without extension) followed by `.` or the extension, so
 * `Ep 01.mkv` takes `Ep 01.srt`, `Ep 01.en.srt`, `Ep 01.zh-Hans.ass`, but `Ep 010.srt` does not.
 */
export function matchSidecars(fileNames: readonly string[], folder = ''): AnimeFolder {
  const files = [...fileNames].sort();
  const videos = files.filter((f) => VIDEO_EXTENSIONS.has(ext(f)));
  const episodes = videos.map((video): Episode => {
    const stem = stemOf(video);
    const subtitles = files
      .filter((f) => SUBTITLE_EXTENSIONS.has(ext(f)) && belongsTo(f, stem))
      .map((f) => ({ path: join(folder, f), format: ext(f), language: languageOf(f, stem) }));
    const thumb = files.find(
      (f) => IMAGE_EXTENSIONS.has(ext(f)) && [stem, `${stem}-thumb`].includes(stemOf(f)),
    );
    return { path: join(folder, video), subtitles, thumbnail: thumb ? join(folder, thumb) : null };
  });
  const poster = files.find((f) => IMAGE_EXTENSIONS.has(ext(f)) && POSTER_NAMES.has(stemOf(f).toLowerCase()));
  return { episodes, poster: poster ? join(folder, poster) : null };
}

export async function scanAnimeFolder(folder: string): Promise<AnimeFolder> {
  const entries = await readdir(folder, { withFileTypes: true });
  return matchSidecars(
    entries.filter((e) => e.isFile()).map((e) => e.name),
    folder,
  );
}

function belongsTo(file: string, stem: string): boolean {
  return file.startsWith(`${stem}.`);
}

function languageOf(file: string, stem: string): string | null {
  const middle = file.slice(stem.length + 1, file.length - ext(file).length - 1);
  const tag = middle.split('.').filter(Boolean).at(-1);
  if (!tag) return null;
  const alias = LANGUAGE_ALIASES[tag.toLowerCase()];
  if (alias) return alias;
  return /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/i.test(tag) ? tag : null;
}

function ext(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
