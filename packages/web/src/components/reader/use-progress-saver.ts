import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { catalogueKeys, invalidate } from '../../state/queries/query-keys';
import { createProgressSaver, type ProgressSaver } from './progress-saver';

/**
 * A debounced saver for one chapter that also saves when the reader leaves: unmount (back, next
 * chapter) and the tab being hidden (app switch, screen off), which is how phones "close" apps.
 */
export function useProgressSaver<P>(
  key: string,
  save: (progress: P) => Promise<void>,
  work: { type: number; id: number },
): ProgressSaver<P> {
  const client = useQueryClient();
  const saver = useMemo(
    () =>
      createProgressSaver<P>((progress) => {
        void save(progress).then(() => {
          // History, shelf and the detail's "continue" now point somewhere else.
          invalidate(client, 'history', 'shelf');
          void client.invalidateQueries({ queryKey: catalogueKeys.detail(work.type, work.id) });
        });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one saver per chapter key
    [key],
  );
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', saver.flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', saver.flush);
      saver.flush();
    };
  }, [saver]);
  return saver;
}
