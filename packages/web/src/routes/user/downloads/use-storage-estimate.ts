import { useCallback, useEffect, useState } from 'react';

export interface StorageFigures {
  /** What the browser says this site stores in all (downloads, the app, its caches), and may. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser keeps the site's storage under pressure; null where it cannot say. */
  persisted: boolean | null;
}

const UNKNOWN: StorageFigures = { usage: null, quota: null, persisted: null };

async function readFigures(): Promise<StorageFigures> {
  const storage = globalThis.navigator?.storage;
  if (!storage) return UNKNOWN;
  const [estimate, persisted] = await Promise.all([
    storage.estimate?.().catch(() => null) ?? null,
    storage.persisted?.().catch(() => null) ?? null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/**
 * The browser's storage figures, read again whenever `downloadedBytes` changes (a download
 * finished or was deleted), and a way to ask that downloads be kept (true when granted).
 */
export function useStorageEstimate(downloadedBytes: number) {
  const [figures, setFigures] = useState<StorageFigures>(UNKNOWN);
  useEffect(() => {
    let live = true;
    void readFigures().then((next) => live && setFigures(next));
    return () => {
      live = false;
    };
  }, [downloadedBytes]);
  const persist = useCallback(async (): Promise<boolean> => {
    const granted = (await globalThis.navigator?.storage?.persist?.().catch(() => false)) ?? false;
    setFigures(await readFigures());
    return granted;
  }, []);
  return { figures, persist, canPersist: typeof globalThis.navigator?.storage?.persist === 'function' };
}
