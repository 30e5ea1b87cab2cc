import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/fixtures.js';
import { matchSidecars, scanAnimeFolder } from './sidecars.js';
import { probeVideo } from './video-probe.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function ffmpeg(args: string[]): void {
  execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'ignore', timeout: 60_000 });
}

beforeAll(() => {
  const src = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
  ];
  ffmpeg([
    ...src,
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    join(tmp.dir, 'Show - 01.mp4'),
  ]);
  writeFileSync(join(tmp.dir, 'sub.srt'), '1\n00:00:00,000 --> 00:00:01,000\nhello\n');
  ffmpeg([
    ...src,
    '-i',
    join(tmp.dir, 'sub.srt'),
    '-map',
    '0',
    '-map',
    '1',
    '-map',
    '2',
    '-t',
    '2',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-c:a',
    'libopus',
    '-c:s',
    'ass',
    '-metadata:s:s:0',
    'language=chi',
    join(tmp.dir, 'Show - 02.mkv'),
  ]);
}, 120_000);

describe('probeVideo', () => {
  it('reads duration, video and audio of an MP4', async () => {
    const info = await probeVideo(join(tmp.dir, 'Show - 01.mp4'));
    expect(info.durationSeconds).toBeGreaterThan(1.5);
    expect(info.durationSeconds).toBeLessThan(2.5);
    expect(info.video).toEqual({ codec: 'h264', width: 320, height: 240 });
    expect(info.audio.map((a) => a.codec)).toEqual(['aac']);
    expect(info.subtitles).toEqual([]);
  });

  it('lists embedded subtitle streams of an MKV', async () => {
    const info = await probeVideo(join(tmp.dir, 'Show - 02.mkv'));
    expect(info.video?.codec).toBe('vp8');
    expect(info.audio[0]?.codec).toBe('opus');
    expect(info.subtitles).toEqual([{ codec: 'ass', language: 'chi', title: null }]);
  });

  it('refuses a broken file with a reason', async () => {
    const path = join(tmp.dir, 'broken.mkv');
    writeFileSync(path, Buffer.from('this is not a video'));
    await expect(probeVideo(path)).rejects.toMatchObject({
      code: 'corrupt',
      reason: expect.stringMatching(/^unreadable video: /),
    });
  });
});

describe('sidecars', () => {
  it('matches subtitles with language suffixes, thumbnails and the poster', () => {
    const folder = matchSidecars([
      'Show - 01.mkv',
      'Show - 01.srt',
      'Show - 01.en.srt',
      'Show - 01.zh-Hans.ass',
      'Show - 01.chs.ass',
      'Show - 01-thumb.jpg',
      'Show - 010.mkv',
      'Show - 010.vtt',
      'poster.jpg',
      'notes.txt',
    ]);
    expect(folder.poster).toBe('poster.jpg');
    expect(folder.episodes.map((e) => e.path)).toEqual(['Show - 01.mkv', 'Show - 010.mkv']);
    expect(folder.episodes[0]?.subtitles.map((s) => [s.path, s.language])).toEqual([
      ['Show - 01.chs.ass', 'zh-Hans'],
      ['Show - 01.en.srt', 'en'],
      ['Show - 01.srt', null],
      ['Show - 01.zh-Hans.ass', 'zh-Hans'],
    ]);
    expect(folder.episodes[0]?.thumbnail).toBe('Show - 01-thumb.jpg');
    expect(folder.episodes[1]?.subtitles.map((s) => s.format)).toEqual(['vtt']);
  });

  it('scans a real folder', async () => {
    writeFileSync(join(tmp.dir, 'Show - 01.ja.vtt'), 'WEBVTT\n');
    writeFileSync(join(tmp.dir, 'cover.png'), 'x');
    const folder = await scanAnimeFolder(tmp.dir);
    expect(folder.poster).toBe(join(tmp.dir, 'cover.png'));
    expect(folder.episodes.find((e) => e.path.endsWith('Show - 01.mp4'))?.subtitles[0]?.language).toBe('ja');
  });
});
