import { useEffect } from 'react';
import { AdFloat } from '../components/ad-float/AdFloat';
import { SyncNotice } from '../components/offline-sync/SyncNotice';
import { UpdatePrompt } from '../components/update-dialog/UpdatePrompt';
import type { AdPage } from '../lib/ad-rules';
import { ThemeSync } from '../theme/ThemeSync';

/**
 * What the shell shows over pages besides the page itself: the floating ad of the tab pages and the
 * update prompt. A chunk of its own (AppShell loads it lazily): neither is needed for a page's first
 * paint, and together with the service-worker registration they weighed on every first download.
 */
export default function ShellExtras({ adPage, visitKey }: { adPage: AdPage | null; visitKey: string }) {
  // Downloads left unfinished go on once the page has painted; the download code is its own chunk.
  useEffect(() => {
    void import('../components/downloads/use-downloads')
      .then((module) => module.startDownloads())
      .catch(() => undefined);
  }, []);
  return (
    <>
      {/* The floating ad of home, sort, ai and user (spec §2); a new visit mounts it afresh. */}
      {adPage && <AdFloat key={visitKey} page={adPage} />}
      <UpdatePrompt />
      {/* The operator's theme colours, fetched when idle (console Growth → Themes). */}
      <ThemeSync />
      {/* Sends what was done offline once the connection returns, and says so. */}
      <SyncNotice />
    </>
  );
}
