import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryGlyph } from '../icons/EntryGlyph';
import type { DownloadSheetProps } from './DownloadSheet';
import { LazyDownloadSheet } from './lazy-download-sheet';

/**
 * The "Download" button and the sheet it opens: in the detail pages' bottom bar, or, with its own
 * look and test id, beside the player's controls.
 */
export function WorkDownload({
  className = 'work-detail__fav',
  testId = 'detail-download',
  ...sheet
}: Omit<DownloadSheetProps, 'visible' | 'onClose'> & { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so closing it plays its animation.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <EntryGlyph name="download" />
        <span>{t('catalogue.download')}</span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <LazyDownloadSheet {...sheet} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
