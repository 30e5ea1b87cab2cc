import { describe, expect, it } from 'vitest';
import { isDesktopLayout, rootFontSize } from './layout';
import { facilityFor, isWebAddress } from './platform';
import { newDeviceId } from './device';

describe('layout', () => {
  it('scales the root font with width / 23.4375, capped at 960', () => {
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(750)).toBe(32);
    expect(rootFontSize(960)).toBe(40.96);
    expect(rootFontSize(1920)).toBe(40.96);
  });

  it('uses the desktop layout only when width and height are both at least 500', () => {
    expect(isDesktopLayout(1280, 800)).toBe(true);
    expect(isDesktopLayout(500, 500)).toBe(true);
    expect(isDesktopLayout(499, 900)).toBe(false);
    expect(isDesktopLayout(900, 499)).toBe(false);
    expect(isDesktopLayout(375, 812)).toBe(false);
  });
});

describe('device', () => {
  it('names the facility after the OS with _h5', () => {
    expect(facilityFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('iOS_h5');
    expect(facilityFor('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('Android_h5');
    expect(facilityFor('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows_h5');
  });

  it('builds the device id from a timestamp and a random number', () => {
    expect(newDeviceId(1700000000000, 0.123456)).toBe('1700000000000123456');
    expect(newDeviceId(1700000000000, 0)).toBe('1700000000000000000');
  });

  it('recognises web addresses', () => {
    expect(isWebAddress('https://x.y')).toBe(true);
    expect(isWebAddress('/pages/ai/ai')).toBe(false);
  });
});
