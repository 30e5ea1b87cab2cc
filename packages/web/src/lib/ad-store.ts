/**
 * The advertising store (spec §3 "Stored locally"): the last ad list answer with the time it was
 * fetched (so the 10 s refresh throttle survives a reload and the widget shows at once), and the
 * close times per page and globally (spec §4). Junk from an older build reads as empty.
 */
import type { Ad } from '@dm51/shared';
import type { AdCloseRecord } from './ad-rules';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

export interface AdList {
  ad_list: Record<string, Ad>;
  global: number;
}

interface AdStoreData {
  list: AdList | null;
  fetchedAt: number;
  closes: AdCloseRecord;
}

const EMPTY: AdStoreData = { list: null, fetchedAt: 0, closes: { pages: {}, global: null } };

/** Close times by page; anything that is not a number is dropped (it would hide the ad for good). */
function numericEntries(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

function read(): AdStoreData {
  const stored = readJson<Partial<AdStoreData>>(STORAGE_KEYS.adStore);
  if (!stored || typeof stored !== 'object') return EMPTY;
  const closes = stored.closes;
  return {
    list: stored.list && typeof stored.list === 'object' && stored.list.ad_list ? stored.list : null,
    fetchedAt: typeof stored.fetchedAt === 'number' ? stored.fetchedAt : 0,
    closes: {
      pages: numericEntries(closes?.pages),
      global: typeof closes?.global === 'number' ? closes.global : null,
    },
  };
}

export const adStore = {
  list(): { list: AdList; fetchedAt: number } | null {
    const data = read();
    return data.list ? { list: data.list, fetchedAt: data.fetchedAt } : null;
  },
  saveList(list: AdList, fetchedAt: number): void {
    writeJson(STORAGE_KEYS.adStore, { ...read(), list, fetchedAt });
  },
  closes(): AdCloseRecord {
    return read().closes;
  },
  saveCloses(closes: AdCloseRecord): void {
    writeJson(STORAGE_KEYS.adStore, { ...read(), closes });
  },
};
