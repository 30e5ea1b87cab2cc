import type { ComponentType } from 'react';
import { useSearchParams } from '../../lib/router';
import { idParam } from '../../lib/id-param';
import { readerStart } from './reader-start';

export interface ReaderProps {
  workId: number;
  chapterId: number;
  /** Where to resume: the page index (comics) or character offset (novels); 0 is the start. */
  start: number;
}

/**
 * A reader route (`?column=WORK&chapter=CHAPTER[&<startParam>=N]`). The reader is keyed by chapter,
 * so position, bars and warm-up state start fresh in the next chapter.
 */
export function ReaderRoute({
  startParam,
  reader: Reader,
}: {
  startParam: 'page' | 'pos';
  reader: ComponentType<ReaderProps>;
}) {
  const [params] = useSearchParams();
  const workId = idParam(params, 'column');
  const chapterId = idParam(params, 'chapter');
  const start = readerStart(params, startParam);
  return <Reader key={chapterId} workId={workId} chapterId={chapterId} start={start} />;
}
