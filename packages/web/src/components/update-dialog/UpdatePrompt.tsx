import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useLocation } from '../../lib/router';
import { pageMessagesReady } from '../../i18n';
import { installedApkVersion, runningInApk } from '../../lib/update-apk';
import { apkOutdated } from '../../lib/update-dialog-state';
import { workerUpdate } from '../../lib/update-worker';
import { findRoute } from '../../routes/route-table';
import { FALLBACK_UPDATE_CONFIG, useUpdateConfigQuery } from '../../state/queries/update';

// Rarely shown, so it stays out of the first download (the shell mounts this prompt on every page).
// Its texts are not launch messages: they are fetched with it.
const UpdateDialog = lazy(() =>
  Promise.all([import('./UpdateDialog'), pageMessagesReady()]).then(([module]) => ({
    default: module.UpdateDialog,
  })),
);

const IN_APK = runningInApk();

/**
 * Opens the update dialog over any page when a new build is waiting (web) or the server names a
 * newer apk (packaged app). Closing it (when not forced) leaves it closed until the next launch.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(workerUpdate.subscribe, workerUpdate.isWaiting);
  const [dismissed, setDismissed] = useState(false);
  const { pathname } = useLocation();
  const query = useUpdateConfigQuery(waiting || IN_APK);
  // Without any config (offline, never fetched) the web path still offers the new build.
  const config = query.data ?? (query.isError ? FALLBACK_UPDATE_CONFIG : undefined);
  const apkUpdate = IN_APK && config !== undefined && apkOutdated(config, installedApkVersion());
  // The update page shows its own copy of the dialog.
  const onUpdatePage = findRoute(pathname)?.name === 'update';

  if (dismissed || onUpdatePage || !config || !(waiting || apkUpdate)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog
        config={config}
        mode={apkUpdate ? 'apk' : 'worker'}
        onClose={() => setDismissed(true)}
        onUpgradeWorker={workerUpdate.apply}
      />
    </Suspense>
  );
}
