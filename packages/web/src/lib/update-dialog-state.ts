/**
 * The update dialog's rules (spec §2 "Update dialog", §4 "Update download", §8 messages) as pure
 * functions, so the dialog component only draws them.
 *
 * Two ways to upgrade sit behind the same dialog:
 * - 'worker' (the web app, installed or not): the new build is already downloaded by the browser
 *   into a waiting service worker; 'upgrade now' activates it and reloads.
 * - 'apk' (the packaged Android app, see isApkShell): 'upgrade now' downloads updateLink with
 *   progress, then hands the file to the shell's installer.
 */
import type { UpdateConfig } from '@dm51/shared';

export type UpdateMode = 'worker' | 'apk';

export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; received: number; total: number }
  | { kind: 'success' }
  | { kind: 'error' };

export const IDLE: DownloadState = { kind: 'idle' };

/** The close icon: only when the update is not forced, and not while the apk is downloading. */
export function showsCloseIcon(config: Pick<UpdateConfig, 'force'>, state: DownloadState): boolean {
  return config.force !== 1 && state.kind !== 'downloading';
}

/** A tap on the mask closes only if maskClickClose is on and the update is not forced. */
export function maskCloses(
  config: Pick<UpdateConfig, 'force' | 'maskClickClose'>,
  state: DownloadState,
): boolean {
  return config.maskClickClose === 1 && showsCloseIcon(config, state);
}

/** What a tap on 'upgrade now' does in a state: start (or retry), or say 'downloading, please wait'. */
export function upgradeTap(state: DownloadState): 'start' | 'busy' | 'none' {
  if (state.kind === 'downloading') return 'busy';
  if (state.kind === 'success') return 'none';
  return 'start';
}

/** Download progress in whole percent; 0 while the size is unknown. */
export function progressPercent(state: DownloadState): number {
  if (state.kind === 'success') return 100;
  if (state.kind !== 'downloading' || state.total <= 0) return 0;
  return Math.min(100, Math.floor((state.received * 100) / state.total));
}

/** Megabytes with one decimal, as the progress line shows them ('3.2 MB / 48.0 MB'). */
export function megabytes(bytes: number): string {
  return (Math.max(0, bytes) / (1024 * 1024)).toFixed(1);
}

export interface StatusTexts {
  downloading: string;
  success: string;
  error: string;
}

/**
 * The line under the progress bar: the console's text when it set one (config downloadingText,
 * successText, errorText), else the built-in translated one; nothing while idle.
 */
export function statusText(
  config: Pick<UpdateConfig, 'downloadingText' | 'successText' | 'errorText'>,
  state: DownloadState,
  builtIn: StatusTexts,
): string {
  if (state.kind === 'downloading') return config.downloadingText || builtIn.downloading;
  if (state.kind === 'success') return config.successText || builtIn.success;
  if (state.kind === 'error') return config.errorText || builtIn.error;
  return '';
}

/**
 * The packaged Android app: its WebView runs the HTML5+ runtime (window.plus) or announces itself
 * with a `DM51Apk` token in the user agent. Everything else is the web app.
 */
export function isApkShell(env: { userAgent: string; hasPlus: boolean }): boolean {
  return env.hasPlus || /\bDM51Apk\b/.test(env.userAgent);
}

/** In the apk the dialog needs a link to download; without one the web path is all there is. */
export function updateMode(apkShell: boolean, config: Pick<UpdateConfig, 'updateLink'>): UpdateMode {
  return apkShell && config.updateLink.trim() !== '' ? 'apk' : 'worker';
}

/**
 * In the apk there is no service worker to announce a build: the app itself is out of date when the
 * server names a version other than the installed one and offers a link to it.
 */
export function apkOutdated(
  config: Pick<UpdateConfig, 'versionName' | 'updateLink'>,
  installed: string,
): boolean {
  return (
    installed !== '' &&
    config.versionName !== '' &&
    config.updateLink !== '' &&
    config.versionName !== installed
  );
}
