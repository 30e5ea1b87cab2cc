/**
 * The offline paths of the app's calls, kept light: the launch chunk imports this file, and the
 * IndexedDB code (offline-answers.ts) loads only when there is a downloaded copy to open or when
 * the server could not be reached.
 */
import { isUnreachable } from '../api/errors';
import { sessionStore } from '../../state/session';
import { isDownloaded } from './downloaded-index';
import { downloadKey, type DownloadKind } from './download-types';

const answers = () => import('./offline-answers');

/** `fetching`'s answer; when the server cannot be reached, what `kept` has instead (if anything). */
export async function orKept<T>(fetching: Promise<T>, kept: () => Promise<T | undefined>): Promise<T> {
  try {
    return await fetching;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const value = await kept().catch(() => undefined);
    if (value === undefined) throw error;
    return value;
  }
}

/** A work's detail or chapter list, or, unreachable, as kept with its downloads. */
export function orKeptWorkPart<T>(
  type: number,
  workId: number,
  part: 'detail' | 'chapters',
  fetching: Promise<T>,
): Promise<T> {
  return orKept(fetching, () => answers().then((m) => m.keptWorkPart<T>(type, workId, part)));
}

/**
 * A chapter's or episode's answer: the downloaded copy when there is one (online too: its files
 * are on the device), else the server's.
 */
export async function downloadedFirst<T>(
  kind: DownloadKind,
  chapterId: number,
  fetching: () => Promise<T>,
): Promise<T> {
  if (!isDownloaded(downloadKey(sessionStore.get().uid, kind, chapterId))) return fetching();
  const downloaded = await answers().then((m) => m.downloadedAnswer<T>(kind, chapterId));
  return downloaded ?? fetching();
}

/** A list's first page from the server (kept for later), or, unreachable, as last seen here. */
export function withLastSeen<T>(name: string, fetching: Promise<T>): Promise<T> {
  const kept = fetching.then((answer) => {
    void answers()
      .then((m) => m.keepList(name, answer))
      .catch(() => undefined);
    return answer;
  });
  return orKept(kept, () => answers().then((m) => m.keptList<T>(name)));
}

/** A paged list's pages: the first one kept as last seen (withLastSeen), the others as they come. */
export function keptFirstPage<T>(name: string, page: number, fetching: Promise<T>): Promise<T> {
  return page === 1 ? withLastSeen(name, fetching) : fetching;
}
