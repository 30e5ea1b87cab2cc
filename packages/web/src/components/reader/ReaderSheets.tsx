import type { ChapterItem } from '@dm51/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChapterList } from '../chapter-list/ChapterList';
import { kindOfType } from '../downloads/download-kind';
import { ReaderDownload } from '../downloads/ReaderDownload';
import { useDownloadedIds } from '../downloads/use-downloaded-ids';
import { ReaderSheet } from './ReaderChrome';
import type { ReaderSheetKind } from './use-reader-chapter';

type Theme = 'dark' | 'light' | 'sepia';

const NO_CHAPTERS: readonly ChapterItem[] = [];

interface SheetsReader {
  type: number;
  workId: number;
  info?: { work_name: string };
  sheet: ReaderSheetKind | null;
  closeSheet: () => void;
  chapters: { data?: readonly ChapterItem[] };
  goChapter: (id: number) => void;
}

/**
 * The two sheets every reader has: the whole chapter list (current one marked, tap to go there) and
 * the settings, whose rows (`children`) are the reader's own.
 */
export function ReaderSheets({
  reader,
  chapterId,
  theme,
  children,
}: {
  reader: SheetsReader;
  chapterId: number;
  theme?: Theme;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const downloaded = useDownloadedIds(kindOfType(reader.type), reader.chapters.data ?? NO_CHAPTERS);
  const sheets = [
    {
      kind: 'chapters',
      title: t('reader.chapters'),
      testId: 'reader-chapter-sheet',
      body: (
        <ChapterList
          chapters={reader.chapters.data ?? []}
          currentId={chapterId}
          downloadedIds={downloaded}
          collapsible={false}
          onOpen={(item) => reader.goChapter(item.id)}
          testId="reader-chapter-list"
        />
      ),
    },
    { kind: 'settings', title: t('reader.settings'), testId: 'reader-settings-sheet', body: children },
  ] as const;
  return (
    <>
      {sheets.map((sheet) => (
        <ReaderSheet
          key={sheet.kind}
          open={reader.sheet === sheet.kind}
          onClose={reader.closeSheet}
          title={sheet.title}
          testId={sheet.testId}
          theme={theme}
        >
          {sheet.body}
        </ReaderSheet>
      ))}
      <ReaderDownload
        open={reader.sheet === 'download'}
        onClose={reader.closeSheet}
        type={reader.type}
        workId={reader.workId}
        workName={reader.info?.work_name ?? ''}
        chapters={reader.chapters.data ?? []}
        chapterId={chapterId}
      />
    </>
  );
}
