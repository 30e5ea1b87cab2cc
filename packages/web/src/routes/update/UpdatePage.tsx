import { useBack } from '../../components/nav-bar/use-back';
import { UpdateDialog } from '../../components/update-dialog/UpdateDialog';
import { runningInApk } from '../../lib/update-apk';
import { updateMode } from '../../lib/update-dialog-state';
import { workerUpdate } from '../../lib/update-worker';
import { FALLBACK_UPDATE_CONFIG, useUpdateConfigQuery } from '../../state/queries/update';

/**
 * /pages/update/update: the update dialog as a page of its own (a transparent overlay without
 * scrolling that fades in over 200 ms, see PageHost). Closing it goes back.
 */
export default function UpdatePage() {
  const back = useBack();
  const query = useUpdateConfigQuery(true);
  const config = query.data ?? (query.isError ? FALLBACK_UPDATE_CONFIG : undefined);
  if (!config) return null;
  return (
    <UpdateDialog
      config={config}
      mode={updateMode(runningInApk(), config)}
      onClose={back}
      onUpgradeWorker={workerUpdate.apply}
      inOverlayPage
    />
  );
}
