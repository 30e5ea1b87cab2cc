import { mediaUrl } from '../media-url';

/** One file an episode's download stores: fetched from `url`, or `text` the download wrote itself. */
export interface PlannedFile {
  url: string;
  text?: string;
  type?: string;
}

export interface EpisodePlayAnswer {
  master_url: string;
  qualities: readonly { name: string; height: number }[];
  subtitles: readonly { url: string }[];
  poster: string;
}

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

function attribute(line: string, name: string): string | null {
  const match = new RegExp(`(?:^|[:,])${name}=("([^"]*)"|[^,]*)`).exec(line);
  if (!match) return null;
  return match[2] ?? match[1] ?? null;
}

function heightOf(streamInf: string): number {
  const resolution = attribute(streamInf, 'RESOLUTION');
  const height = Number(resolution?.split('x')[1]);
  return Number.isFinite(height) ? height : 0;
}

/**
 * The master playlist with only the chosen quality's stream: what is stored under the master's URL,
 * so the player (hls.js or a native one) has nothing else to pick offline. Alternative renditions
 * (EXT-X-MEDIA: subtitles) and the header tags stay; the chosen stream is the one of `height`, or
 * the highest below it, or the lowest there is.
 */
export function chooseStream(master: string, height: number): { playlist: string; streamUri: string } {
  const lines = master.split('\n').map((line) => line.trim());
  const streams: { inf: string; uri: string; height: number }[] = [];
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const uri = lines[i + 1] ?? '';
      streams.push({ inf: line, uri, height: heightOf(line) });
      i += 1;
    } else if (line !== '') kept.push(line);
  }
  if (streams.length === 0) throw new Error('the master playlist names no stream');
  const byHeight = [...streams].sort((a, b) => b.height - a.height);
  const chosen =
    byHeight.find((stream) => stream.height === height) ??
    byHeight.find((stream) => stream.height < height) ??
    byHeight[byHeight.length - 1]!;
  return { playlist: `${[...kept, chosen.inf, chosen.uri].join('\n')}\n`, streamUri: chosen.uri };
}

/** Every URI a media playlist names: the key, the init section, the segments, in order. */
export function mediaPlaylistUris(playlist: string): string[] {
  const uris: string[] = [];
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#EXT-X-KEY:') || line.startsWith('#EXT-X-MAP:')) {
      const uri = attribute(line, 'URI');
      if (uri) uris.push(uri);
    } else if (!line.startsWith('#')) uris.push(line);
  }
  return uris;
}

/** The subtitle playlists an EXT-X-MEDIA line of the master names. */
function renditionUris(master: string): string[] {
  return master
    .split('\n')
    .filter((line) => line.trim().startsWith('#EXT-X-MEDIA:'))
    .map((line) => attribute(line.trim(), 'URI'))
    .filter((uri): uri is string => !!uri);
}

/**
 * What downloading an episode in a quality stores: the master cut to that quality, its media
 * playlist and every file it names (the AES key of a paid episode included: segments stay
 * encrypted at rest and the player decrypts them as online), the subtitles and the poster.
 * URLs keep the tokens of the play answer they came from, so the stored answer finds them again.
 */
export async function planEpisode(
  play: EpisodePlayAnswer,
  quality: string,
  fetchText: (url: string) => Promise<string>,
): Promise<PlannedFile[]> {
  const masterUrl = new URL(mediaUrl(play.master_url), globalThis.location?.href).href;
  // A quality the episode does not list by name ('1080p' from the sheet) asks for that height.
  const height =
    play.qualities.find((q) => q.name === quality)?.height ?? (Number.parseInt(quality, 10) || 0);
  const { playlist, streamUri } = chooseStream(await fetchText(masterUrl), height);
  const files: PlannedFile[] = [{ url: masterUrl, text: playlist, type: PLAYLIST_TYPE }];
  const mediaPlaylists = [
    new URL(streamUri, masterUrl).href,
    ...renditionUris(playlist).map((uri) => new URL(uri, masterUrl).href),
  ];
  for (const playlistUrl of mediaPlaylists) {
    const text = await fetchText(playlistUrl);
    files.push({ url: playlistUrl, text, type: PLAYLIST_TYPE });
    for (const uri of mediaPlaylistUris(text)) files.push({ url: new URL(uri, playlistUrl).href });
  }
  for (const track of play.subtitles)
    if (track.url) files.push({ url: new URL(mediaUrl(track.url), masterUrl).href });
  if (play.poster) files.push({ url: new URL(mediaUrl(play.poster), masterUrl).href });
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.url) && seen.add(file.url));
}
