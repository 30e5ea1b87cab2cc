import { describe, expect, it } from 'vitest';
import { chooseStream, mediaPlaylistUris, planEpisode } from './episode-files';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,NAME="360p"',
  'v360/index.m3u8?t=abc',
  '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=854x480,NAME="480p"',
  'v480/index.m3u8?t=abc',
  '',
].join('\n');

const MEDIA = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-KEY:METHOD=AES-128,URI="/v3/anime/key?chapter_id=7&token=k1",IV=0x01',
  '#EXTINF:4.0,',
  'seg_0000.ts?t=abc',
  '#EXTINF:2.5,',
  'seg_0001.ts?t=abc',
  '#EXT-X-ENDLIST',
].join('\n');

describe('an episode download', () => {
  it('keeps only the chosen quality in the master playlist', () => {
    const { playlist, streamUri } = chooseStream(MASTER, 360);
    expect(streamUri).toBe('v360/index.m3u8?t=abc');
    expect(playlist).toContain('RESOLUTION=640x360');
    expect(playlist).not.toContain('v480');
    expect(playlist.startsWith('#EXTM3U\n#EXT-X-VERSION:3')).toBe(true);
  });

  it('takes the highest quality below the one asked for, else the lowest', () => {
    expect(chooseStream(MASTER, 720).streamUri).toBe('v480/index.m3u8?t=abc');
    expect(chooseStream(MASTER, 240).streamUri).toBe('v360/index.m3u8?t=abc');
  });

  it('lists the key and every segment of a media playlist, in order', () => {
    expect(mediaPlaylistUris(MEDIA)).toEqual([
      '/v3/anime/key?chapter_id=7&token=k1',
      'seg_0000.ts?t=abc',
      'seg_0001.ts?t=abc',
    ]);
  });

  it('plans the cut master, the media playlist, the key, the segments, subtitles and poster with their tokens', async () => {
    const base = 'http://app.test/v3/anime/hls/7/';
    const texts: Record<string, string> = {
      [`${base}master.m3u8?t=abc`]: MASTER,
      [`${base}v480/index.m3u8?t=abc`]: MEDIA,
    };
    const files = await planEpisode(
      {
        master_url: `${base}master.m3u8?t=abc`,
        qualities: [
          { name: '360p', height: 360 },
          { name: '480p', height: 480 },
        ],
        subtitles: [{ url: 'http://app.test/media/subs/en.vtt' }],
        poster: 'http://app.test/media/poster.jpg',
      },
      '480p',
      async (url) => {
        const text = texts[url];
        if (text === undefined) throw new Error(`unexpected fetch ${url}`);
        return text;
      },
    );
    expect(files.map((file) => file.url)).toEqual([
      `${base}master.m3u8?t=abc`,
      `${base}v480/index.m3u8?t=abc`,
      'http://app.test/v3/anime/key?chapter_id=7&token=k1',
      `${base}v480/seg_0000.ts?t=abc`,
      `${base}v480/seg_0001.ts?t=abc`,
      'http://app.test/media/subs/en.vtt',
      'http://app.test/media/poster.jpg',
    ]);
    expect(files[0]!.text).not.toContain('v360');
    expect(files[1]!.text).toBe(MEDIA);
  });
});
