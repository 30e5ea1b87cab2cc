import Toast from 'antd-mobile/es/components/toast';
import { hashHistory } from '../../lib/router/hash-router';
import { DOWNLOADS_PATH } from './download-paths';

/** Long enough to reach the link. */
const TOAST_MS = 3500;

/**
 * "Downloading 5 chapters" with a way to the Downloads page. Toasts render outside the app's React
 * tree (no router there), so the link moves the app's one hash history itself.
 */
export function showQueuedToast(text: string, viewLabel: string): void {
  Toast.show({
    position: 'bottom',
    duration: TOAST_MS,
    content: (
      <span className="download-toast" data-testid="download-toast">
        {text}
        <button
          type="button"
          className="download-toast__view"
          data-testid="download-toast-view"
          onClick={() => {
            Toast.clear();
            hashHistory().push(DOWNLOADS_PATH);
          }}
        >
          {viewLabel}
        </button>
      </span>
    ),
  });
}
