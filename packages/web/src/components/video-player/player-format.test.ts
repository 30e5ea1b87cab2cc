import { describe, expect, it } from 'vitest';
import { cueAt, formatTime, parseThumbnailVtt, tapZone } from './player-format';

describe('video player helpers', () => {
  it('formats times as m:ss or h:mm:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.9)).toBe('1:15');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });

  it('parses a WebVTT thumbnail track and finds the cue for a time', () => {
    const vtt =
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nt0001.jpg\n\n00:00:02.000 --> 00:00:03.500\nt0002.jpg\n';
    const cues = parseThumbnailVtt(vtt, 'http://h/media/hls/1/x/thumbs/thumbs.vtt');
    expect(cues).toEqual([
      { start: 0, end: 2, url: 'http://h/media/hls/1/x/thumbs/t0001.jpg' },
      { start: 2, end: 3.5, url: 'http://h/media/hls/1/x/thumbs/t0002.jpg' },
    ]);
    expect(cueAt(cues, 2.4)?.url).toMatch(/t0002/);
    expect(cueAt(cues, 99)?.url).toMatch(/t0002/);
    expect(cueAt([], 1)).toBeNull();
  });

  it('maps double-tap positions to skip zones', () => {
    expect(tapZone(10, 300)).toBe('back');
    expect(tapZone(150, 300)).toBe('middle');
    expect(tapZone(290, 300)).toBe('forward');
  });
});
