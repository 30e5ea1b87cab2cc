/**
 * A stored playlist → the copy one viewer is served: every URI line gets the viewer's stream token
 * (relative URIs keep resolving under /v3/anime/hls/<chapter>/, and native HLS players send no
 * headers, so the token must be in the URL), and the EXT-X-KEY URI becomes a key URL signed for
 * this viewer. Nothing else changes: durations, sequence numbers and tags are the packager's.
 */
export function viewerPlaylist(stored: string, streamToken: string, keyUrl: string): string {
  const query = `t=${encodeURIComponent(streamToken)}`;
  return stored
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed.startsWith('#EXT-X-KEY:')) return trimmed.replace(/URI="[^"]*"/, `URI="${keyUrl}"`);
      if (trimmed === '' || trimmed.startsWith('#')) return line;
      return `${trimmed}${trimmed.includes('?') ? '&' : '?'}${query}`;
    })
    .join('\n');
}

/** The key URL written into a viewer's media playlist (absolute path: it resolves on any host). */
export function keyUrl(chapterId: number, keyToken: string): string {
  return `/v3/anime/key?chapter_id=${chapterId}&token=${encodeURIComponent(keyToken)}`;
}
