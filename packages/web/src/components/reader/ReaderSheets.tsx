import type { ChapterItem } from '@dm51/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChapterList } from '../chapter-list/ChapterList';
import { ReaderSheet } from './ReaderChrome';
import type { ReaderSheetKind } from './use-reader-chapter';

type Theme = 'dark' | 'light' | 'sepia';

interface SheetsReader {
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
  const sheets = [
    {
      kind: 'chapters',
      title: t('reader.chapters'),
      testId: 'reader-chapter-sheet',
      body: (
        <ChapterList
          chapters={reader.chapters.data ?? []}
          currentId={chapterId}
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
    </>
  );
}
