import { describe, expect, it } from 'vitest';
import {
  apkOutdated,
  IDLE,
  isApkShell,
  maskCloses,
  megabytes,
  progressPercent,
  showsCloseIcon,
  statusText,
  updateMode,
  upgradeTap,
  type DownloadState,
} from './update-dialog-state';

const downloading: DownloadState = {
  kind: 'downloading',
  received: 3 * 1024 * 1024,
  total: 12 * 1024 * 1024,
};
const TEXTS = {
  downloading: 'downloading',
  success: 'download complete, installing',
  error: 'download failed, please retry',
};
const NO_TEXTS = { downloadingText: '', successText: '', errorText: '' };

describe('update dialog closing (spec §2)', () => {
  it('shows the close icon only when not forced', () => {
    expect(showsCloseIcon({ force: 0 }, IDLE)).toBe(true);
    expect(showsCloseIcon({ force: 1 }, IDLE)).toBe(false);
    expect(showsCloseIcon({ force: 0 }, downloading)).toBe(false);
  });

  it('closes on a mask tap only with maskClickClose on and not forced', () => {
    expect(maskCloses({ force: 0, maskClickClose: 1 }, IDLE)).toBe(true);
    expect(maskCloses({ force: 0, maskClickClose: 0 }, IDLE)).toBe(false);
    expect(maskCloses({ force: 1, maskClickClose: 1 }, IDLE)).toBe(false);
  });
});

describe('update download states (spec §4, §8)', () => {
  it('starts from idle or after a failure, and says please wait while downloading', () => {
    expect(upgradeTap(IDLE)).toBe('start');
    expect(upgradeTap({ kind: 'error' })).toBe('start');
    expect(upgradeTap(downloading)).toBe('busy');
    expect(upgradeTap({ kind: 'success' })).toBe('none');
  });

  it('reports progress in percent and megabytes', () => {
    expect(progressPercent(IDLE)).toBe(0);
    expect(progressPercent(downloading)).toBe(25);
    expect(progressPercent({ kind: 'downloading', received: 10, total: 0 })).toBe(0);
    expect(progressPercent({ kind: 'success' })).toBe(100);
    expect(megabytes(3 * 1024 * 1024)).toBe('3.0');
    expect(megabytes(1_600_000)).toBe('1.5');
  });

  it("uses the console's texts when set, else the built-in ones", () => {
    expect(statusText(NO_TEXTS, IDLE, TEXTS)).toBe('');
    expect(statusText(NO_TEXTS, { kind: 'success' }, TEXTS)).toBe('download complete, installing');
    expect(statusText(NO_TEXTS, { kind: 'error' }, TEXTS)).toBe('download failed, please retry');
    expect(statusText({ ...NO_TEXTS, errorText: 'Network error' }, { kind: 'error' }, TEXTS)).toBe(
      'Network error',
    );
  });
});

describe('which upgrade path', () => {
  it('takes the apk download only inside the apk shell with a link', () => {
    expect(isApkShell({ userAgent: 'Mozilla/5.0 (Linux; Android 13) DM51Apk/2.1', hasPlus: false })).toBe(
      true,
    );
    expect(isApkShell({ userAgent: 'Mozilla/5.0 (Linux; Android 13)', hasPlus: true })).toBe(true);
    expect(isApkShell({ userAgent: 'Mozilla/5.0 (iPhone)', hasPlus: false })).toBe(false);
    expect(updateMode(true, { updateLink: 'https://example.com/app.apk' })).toBe('apk');
    expect(updateMode(true, { updateLink: '' })).toBe('worker');
    expect(updateMode(false, { updateLink: 'https://example.com/app.apk' })).toBe('worker');
  });

  it('calls the apk outdated when the server names another version with a link', () => {
    const config = { versionName: '2.4.0', updateLink: 'https://example.com/app.apk' };
    expect(apkOutdated(config, '2.3.1')).toBe(true);
    expect(apkOutdated(config, '2.4.0')).toBe(false);
    expect(apkOutdated(config, '')).toBe(false);
    expect(apkOutdated({ ...config, updateLink: '' }, '2.3.1')).toBe(false);
  });
});
