import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adStore } from './ad-store';

/** A Map-backed localStorage, enough for the store. */
function fakeStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('localStorage', fakeStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('the advertising store', () => {
  it('starts empty: no list, never closed', () => {
    expect(adStore.list()).toBeNull();
    expect(adStore.closes()).toEqual({ pages: {}, global: null });
  });

  it('keeps the list with its fetch time and the close times side by side', () => {
    adStore.saveList({ ad_list: {}, global: 1 }, 1234);
    adStore.saveCloses({ pages: { home: 99 }, global: null });
    expect(adStore.list()).toEqual({ list: { ad_list: {}, global: 1 }, fetchedAt: 1234 });
    expect(adStore.closes()).toEqual({ pages: { home: 99 }, global: null });
  });

  it('reads junk from an older build as empty instead of failing', () => {
    localStorage.setItem('adStore', '{not json');
    expect(adStore.list()).toBeNull();
    localStorage.setItem(
      'adStore',
      JSON.stringify({ list: 'x', fetchedAt: 'y', closes: { pages: null, global: 'z' } }),
    );
    expect(adStore.list()).toBeNull();
    expect(adStore.closes()).toEqual({ pages: {}, global: null });
    localStorage.setItem(
      'adStore',
      JSON.stringify({ closes: { pages: { home: 'soon', user: 5 }, global: 7 } }),
    );
    expect(adStore.closes()).toEqual({ pages: { user: 5 }, global: 7 });
  });
});
