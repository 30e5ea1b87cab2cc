import type { ChapterItem, ReaderChapter } from '@dm51/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { pageMessagesReady } from '../../i18n';
import { PageLoading } from '../page-state/PageLoading';
import { QueryError } from '../query-state/QueryError';
import type { LockReason } from '../unlock-sheet/LockedChapter';

// The lock and its unlock sheet (antd's Popup, with its animation and gesture libraries) show only
// for a chapter the reader may not read yet: a reader link's first load does not wait for them. The
// sheet's VIP and top-up texts are in the rest of English, which the reader itself does not wait for.
const LockedChapter = lazy(() =>
  Promise.all([import('../unlock-sheet/LockedChapter'), pageMessagesReady()]).then(([module]) => ({
    default: module.LockedChapter,
  })),
);

interface ReaderGateProps<T> {
  reader: {
    type: number;
    locked: boolean;
    lockReason: LockReason;
    listed: ChapterItem | undefined;
    info: ReaderChapter | undefined;
    chapter: UseQueryResult<T>;
  };
  chapterId: number;
  /** The reader's own class for the centred box around the lock or the error. */
  className: string;
  /** The chapter itself, once it has loaded and may be read. */
  children: (data: T) => ReactNode;
}

/** What a reader shows in place of the chapter until it can be read: lock + unlock sheet, load error, spinner. */
export function ReaderGate<T>({ reader, chapterId, className, children }: ReaderGateProps<T>) {
  const { locked, listed, info, chapter } = reader;
  if (locked)
    return (
      <div className={className}>
        <Suspense fallback={<PageLoading />}>
          <LockedChapter
            // A new chapter is a new lock: the sheet opens again for it.
            key={chapterId}
            type={reader.type}
            reason={reader.lockReason}
            chapterName={listed?.name ?? info?.name ?? ''}
            chapterId={chapterId}
          />
        </Suspense>
      </div>
    );
  if (chapter.isError)
    return (
      <div className={className}>
        <QueryError onRetry={() => void chapter.refetch()} />
      </div>
    );
  if (!chapter.data) return <PageLoading />;
  return children(chapter.data);
}
