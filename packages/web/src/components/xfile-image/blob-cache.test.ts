import { describe, expect, it } from 'vitest';
import { BlobUrlCache } from './blob-cache';

function fakeApi() {
  let n = 0;
  const revoked: string[] = [];
  return {
    revoked,
    api: { create: () => `blob:${++n}`, revoke: (url: string) => void revoked.push(url) },
  };
}

const blob = () => Promise.resolve(new Blob(['x']));

describe('BlobUrlCache', () => {
  it('decodes once for concurrent callers', async () => {
    const { api } = fakeApi();
    const cache = new BlobUrlCache(4, api);
    let produced = 0;
    const produce = () => {
      produced += 1;
      return blob();
    };
    const [a, b] = await Promise.all([cache.load('k', produce), cache.load('k', produce)]);
    expect(a).toBe(b);
    expect(produced).toBe(1);
    expect(cache.peek('k')).toBe(a);
  });

  it('stays within capacity by revoking the least recently used unused entries', async () => {
    const { api, revoked } = fakeApi();
    const cache = new BlobUrlCache(2, api);
    await cache.load('a', blob);
    await cache.load('b', blob);
    cache.peek('a');
    await cache.load('c', blob);
    expect(cache.size).toBe(2);
    expect(revoked).toEqual(['blob:2']);
    expect(cache.peek('b')).toBeNull();
  });

  it('never revokes an entry on screen, and evicts it once released', async () => {
    const { api, revoked } = fakeApi();
    const cache = new BlobUrlCache(1, api);
    cache.retain('a');
    await cache.load('a', blob);
    cache.retain('b');
    await cache.load('b', blob);
    expect(revoked).toEqual([]);
    cache.release('a');
    expect(revoked).toEqual(['blob:1']);
    expect(cache.peek('b')).toBe('blob:2');
  });

  it('keeps an object URL made elsewhere (the decoding worker) as is and revokes it like its own', async () => {
    const { api, revoked } = fakeApi();
    const cache = new BlobUrlCache(1, api);
    await expect(cache.load('a', () => Promise.resolve('blob:worker-a'))).resolves.toBe('blob:worker-a');
    expect(cache.peek('a')).toBe('blob:worker-a');
    await cache.load('b', blob);
    expect(revoked).toEqual(['blob:worker-a']);
    expect(cache.peek('b')).toBe('blob:1');
  });

  it('forgets the URLs of a stopped worker, so showing the page again decodes it anew', async () => {
    const { api, revoked } = fakeApi();
    const cache = new BlobUrlCache(4, api);
    await cache.load('a', () => Promise.resolve('blob:worker-a'));
    await cache.load('b', blob);
    cache.forgetUrls(new Set(['blob:worker-a']));
    expect(cache.peek('a')).toBeNull();
    expect(cache.peek('b')).toBe('blob:1');
    await expect(cache.load('a', blob)).resolves.toBe('blob:2');
    expect(revoked).toEqual([]);
  });

  it('forgets failures so a retry fetches again', async () => {
    const { api } = fakeApi();
    const cache = new BlobUrlCache(2, api);
    await expect(cache.load('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(cache.load('x', blob)).resolves.toBe('blob:1');
  });
});

describe('BlobUrlCache.clearUnused', () => {
  it('revokes decoded images no view holds, and keeps the ones on screen', async () => {
    const revoked: string[] = [];
    let next = 0;
    const cache = new BlobUrlCache(10, {
      create: () => `blob:${next++}`,
      revoke: (url) => revoked.push(url),
    });
    const shown = await cache.load('a', async () => new Blob(['a']));
    cache.retain('a');
    await cache.load('b', async () => new Blob(['b']));
    expect(cache.clearUnused()).toBe(1);
    expect(revoked).toEqual(['blob:1']);
    expect(cache.peek('a')).toBe(shown);
    expect(cache.peek('b')).toBeNull();
  });
});
