/**
 * The packaged Android app's update path (spec §4 "Update download"): updateLink is fetched with
 * streamed progress, then handed to the shell to install. The shell is the HTML5+ runtime
 * (window.plus) or a WebView announcing `DM51Apk` in its user agent (update-dialog-state.ts).
 */
import { isApkShell } from './update-dialog-state';

interface PlusRuntime {
  runtime?: {
    version?: string;
    restart?: () => void;
    install?: (path: string, options: object, done?: () => void, failed?: () => void) => void;
  };
}

interface ApkBridge {
  /** A WebView shell may expose its own installer taking the downloaded file's blob URL. */
  install?: (blobUrl: string) => void;
  /** Opens the system's app settings, where the old package can be uninstalled. */
  openAppSettings?: () => void;
}

/** The shell dispatches this on window when Android reports the new package added. */
export const PACKAGE_ADDED_EVENT = 'dm51:package-added';

function bridge(): ApkBridge | undefined {
  return (globalThis as { DM51Apk?: ApkBridge }).DM51Apk;
}

function plus(): PlusRuntime | undefined {
  return (globalThis as { plus?: PlusRuntime }).plus;
}

export function runningInApk(): boolean {
  return isApkShell({ userAgent: globalThis.navigator?.userAgent ?? '', hasPlus: plus() !== undefined });
}

/** The installed apk's version: the HTML5+ runtime's, or `DM51Apk/<version>` in the user agent. */
export function installedApkVersion(): string {
  const fromPlus = plus()?.runtime?.version;
  if (fromPlus) return fromPlus;
  return /\bDM51Apk\/([\w.-]+)/.exec(globalThis.navigator?.userAgent ?? '')?.[1] ?? '';
}

/** Downloads `url`, reporting bytes received and the total (0 when the server sends no length). */
export async function downloadWithProgress(
  url: string,
  onProgress: (received: number, total: number) => void,
): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`download failed: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks as BlobPart[], { type: 'application/vnd.android.package-archive' });
}

/**
 * Hands the downloaded package to the shell's installer and calls `onInstalled` when the new package
 * is in (the shell's package-added event, or the HTML5+ install callback). A shell without an
 * installer gets the link itself, which Android's download manager installs.
 */
export function installApk(file: Blob, url: string, onInstalled: () => void): void {
  const shell = bridge();
  if (shell?.install) {
    window.addEventListener(PACKAGE_ADDED_EVENT, onInstalled, { once: true });
    shell.install(URL.createObjectURL(file));
    return;
  }
  const install = plus()?.runtime?.install;
  if (install) install(url, { force: false }, onInstalled);
  else window.location.href = url;
}

/** After an install without the uninstall prompt: restart into the new version. */
export function restartApp(): void {
  const restart = plus()?.runtime?.restart;
  if (restart) restart();
  else window.location.reload();
}

export function openUninstallSettings(): void {
  bridge()?.openAppSettings?.();
}
