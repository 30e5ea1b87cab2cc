import type { ChapterItem } from '@dm51/shared';
import { Suspense, useState } from 'react';
import { useWorkDetail } from '../../state/queries/catalogue';
import { kindOfType } from './download-kind';
import { LazyDownloadSheet } from './lazy-download-sheet';

/**
 * The readers' download sheet. The reader's own answers do not carry the work's cover or detail,
 * so the detail (cached when the reader came from the detail page) is asked for once it opens.
 */
export function ReaderDownload({
  open,
  onClose,
  type,
  workId,
  workName,
  chapters,
  chapterId,
}: {
  open: boolean;
  onClose: () => void;
  type: number;
  workId: number;
  workName: string;
  chapters: readonly ChapterItem[];
  chapterId: number;
}) {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const detail = useWorkDetail(type, opened ? workId : 0).data;
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyDownloadSheet
        visible={open}
        onClose={onClose}
        type={type}
        work={{
          kind: kindOfType(type),
          workId,
          workName: detail?.name ?? workName,
          cover: detail?.pic ?? '',
        }}
        chapters={chapters}
        currentId={chapterId}
        context={{ detail, chapters }}
      />
    </Suspense>
  );
}
