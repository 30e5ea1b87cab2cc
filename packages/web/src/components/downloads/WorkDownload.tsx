import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryGlyph } from '../icons/EntryGlyph';
import type { DownloadSheetProps } from './DownloadSheet';
import { LazyDownloadSheet } from './lazy-download-sheet';

/** The detail pages' "Download" button in the bottom bar, and the sheet it opens. */
export function WorkDownload(sheet: Omit<DownloadSheetProps, 'visible' | 'onClose'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so closing it plays its animation.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="work-detail__fav"
        data-testid="detail-download"
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
