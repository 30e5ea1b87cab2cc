import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { afterLanding } from '../../lib/after-landing';
import { isDownloaded } from '../../lib/offline/downloaded-index';
import { downloadKey, type DownloadKind } from '../../lib/offline/download-types';
import { useSession } from '../../state/use-session';

/**
 * Hears of downloads finishing or going. The download manager (and IndexedDB) is fetched only
 * once the landing page has painted: the readers and detail pages a shared link opens do not carry
 * it in their first download, and their marks come from the downloaded index meanwhile.
 */
function subscribe(listener: () => void): () => void {
  let live = true;
  let unsubscribe: (() => void) | undefined;
  void afterLanding()
    .then(() => import('../../lib/offline/download-manager'))
    .then(({ downloadManager }) => {
      if (live) unsubscribe = downloadManager.subscribe(listener);
    })
    .catch(() => undefined);
  return () => {
    live = false;
    unsubscribe?.();
  };
}

/**
 * Which of a list's chapters or episodes are downloaded completely, for the lists to mark. Read as
 * a string of ids so that a download's progress does not re-render the page; only a chapter
 * finishing or being deleted does.
 */
export function useDownloadedIds(
  kind: DownloadKind,
  chapters: readonly { id: number }[],
): ReadonlySet<number> {
  const { uid } = useSession();
  const read = useCallback(
    () =>
      chapters
        .filter((chapter) => isDownloaded(downloadKey(uid, kind, chapter.id)))
        .map((chapter) => chapter.id)
        .join(','),
    [chapters, kind, uid],
  );
  const ids = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => new Set(ids === '' ? [] : ids.split(',').map(Number)), [ids]);
}
