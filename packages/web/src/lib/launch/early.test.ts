import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_ANSWER_TTL_MS,
  earlyCallKey,
  hasEarlyCalls,
  putEarlyCall,
  putEarlyImage,
  recordLaunchCalls,
  recordingLaunchCalls,
  takeEarlyCall,
  takeEarlyImage,
} from './early';

beforeEach(() => {
  vi.stubGlobal('location', { href: 'https://app.example/#/pages/home/home' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early launch calls', () => {
  it('hands a call started at launch to the same call later, once', async () => {
    const key = earlyCallKey('/v3/comic/index', { reco_size: 6 }, 'guest-token');
    putEarlyCall(key, Promise.resolve({ banner: [] }));
    expect(hasEarlyCalls()).toBe(true);
    // Another payload is another call, and so is the same call in another session.
    expect(takeEarlyCall(earlyCallKey('/v3/comic/index', { reco_size: 7 }, 'guest-token'))).toBeUndefined();
    expect(takeEarlyCall(earlyCallKey('/v3/comic/index', { reco_size: 6 }, 'account-token'))).toBeUndefined();
    await expect(takeEarlyCall(key)).resolves.toEqual({ banner: [] });
    expect(takeEarlyCall(key)).toBeUndefined();
    expect(hasEarlyCalls()).toBe(false);
  });

  it('does not hand on an early answer nobody took in time (the same call later is sent anew)', () => {
    vi.useFakeTimers();
    try {
      const key = earlyCallKey('/v3/comic/chapters', { column: 7 }, 'guest-token');
      putEarlyCall(key, Promise.resolve({ list: [] }));
      putEarlyImage('/media/lib/bb/late_xfile.webp', Promise.resolve(new Blob([])));
      vi.advanceTimersByTime(EARLY_ANSWER_TTL_MS + 1);
      expect(takeEarlyCall(key)).toBeUndefined();
      expect(takeEarlyImage('/media/lib/bb/late_xfile.webp')).toBeUndefined();
      expect(hasEarlyCalls()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a failed early call from surfacing as an unhandled rejection', async () => {
    const key = earlyCallKey('/v3/app/init', {}, '');
    putEarlyCall(key, Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyCall(key)).rejects.toThrow('offline');
  });

  it('records calls only while the launch runs them', () => {
    expect(recordingLaunchCalls()).toBe(false);
    expect(recordLaunchCalls(() => recordingLaunchCalls())).toBe(true);
    expect(recordingLaunchCalls()).toBe(false);
    expect(() =>
      recordLaunchCalls(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(recordingLaunchCalls()).toBe(false);
  });

  it('matches the early image by its full address, relative or not, once', async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    putEarlyImage('/media/lib/aa/first_xfile.webp', Promise.resolve(blob));
    expect(takeEarlyImage('/media/lib/aa/other_xfile.webp')).toBeUndefined();
    await expect(takeEarlyImage('https://app.example/media/lib/aa/first_xfile.webp')).resolves.toBe(blob);
    expect(takeEarlyImage('/media/lib/aa/first_xfile.webp')).toBeUndefined();
  });
});
