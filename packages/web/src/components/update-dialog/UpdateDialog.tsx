import type { UpdateConfig } from '@dm51/shared';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showBottomToast } from '../../lib/api/lazy-toast';
import { downloadWithProgress, installApk, openUninstallSettings, restartApp } from '../../lib/update-apk';
import {
  IDLE,
  maskCloses,
  megabytes,
  progressPercent,
  showsCloseIcon,
  statusText,
  upgradeTap,
  type DownloadState,
  type UpdateMode,
} from '../../lib/update-dialog-state';
import './update-dialog.css';

/**
 * The update dialog (spec §2): 'found new version', the version name, the notes as rich text
 * (sanitised by the server), a progress bar with MB downloaded/total, 'upgrade now', and a close icon
 * only when the update is not forced. `onUpgradeWorker` runs the web path (activate and reload).
 */
export function UpdateDialog({
  config,
  mode,
  onClose,
  onUpgradeWorker,
  inOverlayPage = false,
}: {
  config: UpdateConfig;
  mode: UpdateMode;
  onClose: () => void;
  onUpgradeWorker: () => Promise<void>;
  /** On the update page, whose overlay already dims the screen and fades in. */
  inOverlayPage?: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<DownloadState>(IDLE);
  const [applying, setApplying] = useState(false);
  const builtIn = {
    downloading: t('update.downloading'),
    success: t('update.success'),
    error: t('update.failed'),
  };

  /** Spec §2/§4: ask about uninstalling the old version when the console wants it, else restart. */
  function afterInstall(): void {
    if (config.uninstallPrompt !== 1) {
      restartApp();
      return;
    }
    void Dialog.confirm({
      title: t('update.installedTitle'),
      content: t('update.installedAsk'),
      cancelText: t('update.close'),
      confirmText: t('update.goSettings'),
      onConfirm: openUninstallSettings,
    });
  }

  async function upgrade(): Promise<void> {
    if (mode === 'worker') {
      setApplying(true);
      await onUpgradeWorker();
      return;
    }
    const tap = upgradeTap(state);
    if (tap === 'busy') showBottomToast(config.downloadingText || t('update.pleaseWait'));
    if (tap !== 'start') return;
    setState({ kind: 'downloading', received: 0, total: 0 });
    try {
      const file = await downloadWithProgress(config.updateLink, (received, total) =>
        setState({ kind: 'downloading', received, total }),
      );
      setState({ kind: 'success' });
      installApk(file, config.updateLink, afterInstall);
    } catch {
      setState({ kind: 'error' });
    }
  }

  const percent = progressPercent(state);
  const status = statusText(config, state, builtIn);
  return (
    <div
      className={`update-mask${inOverlayPage ? ' update-mask--page' : ''}`}
      data-testid="update-mask"
      onClick={() => {
        if (maskCloses(config, state)) onClose();
      }}
    >
      <div
        className="update-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="update-dialog-title"
        data-testid="update-dialog"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="update-dialog__head">
          <span className="update-dialog__rocket" aria-hidden="true">
            ↑
          </span>
          <h2 id="update-dialog-title" className="update-dialog__title">
            {t('update.found')}
          </h2>
          {config.versionName !== '' && (
            <span className="update-dialog__version" data-testid="update-version">
              {t('update.version', { name: config.versionName })}
            </span>
          )}
        </div>
        {config.describe !== '' ? (
          <div
            className="update-dialog__notes"
            data-testid="update-notes"
            // Sanitised by the server (update-config.service.ts): formatting and http(s) links only.
            dangerouslySetInnerHTML={{ __html: config.describe }}
          />
        ) : (
          <div className="update-dialog__notes" data-testid="update-notes">
            <p>{t('update.notesFallback')}</p>
          </div>
        )}
        {state.kind !== 'idle' && (
          <div className="update-dialog__progress" data-testid="update-progress">
            <div
              className="update-dialog__bar"
              role="progressbar"
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <div className="update-dialog__numbers">
              <span>{status}</span>
              {state.kind === 'downloading' && (
                <span>
                  {state.total > 0
                    ? t('update.progress', {
                        percent,
                        done: megabytes(state.received),
                        total: megabytes(state.total),
                      })
                    : t('update.progressUnknown', { done: megabytes(state.received) })}
                </span>
              )}
            </div>
          </div>
        )}
        <button
          type="button"
          className="update-dialog__upgrade"
          data-testid="update-upgrade"
          disabled={applying || state.kind === 'success'}
          onClick={() => void upgrade()}
        >
          {applying ? t('update.applying') : state.kind === 'error' ? t('update.retry') : t('update.upgrade')}
        </button>
      </div>
      {showsCloseIcon(config, state) && (
        <button
          type="button"
          className="update-close"
          data-testid="update-close"
          aria-label={t('update.close')}
          onClick={(event) => {
            event.stopPropagation();
            onClose();
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
