/**
 * The one place that turns configuration into a MediaStore: the app, the import worker thread,
 * the import CLI and the anime wiring all call it, so every writer of media (pages, covers,
 * avatars, comment and console images, HLS packages, AI results) lands in the same store.
 * Scratch and temp folders (transcode work, uploads being decoded) stay local to each instance.
 */
import { join } from 'node:path';
import { LocalMediaStore } from './local-media-store.js';
import type { MediaStoreConfig } from './media-store-config.js';
import type { MediaStore } from './media-store.js';
import { S3MediaStore } from './s3-media-store.js';

export function createMediaStore(config: { dataDir: string; mediaStore?: MediaStoreConfig }): MediaStore {
  const settings = config.mediaStore;
  if (settings?.kind === 's3' && settings.s3) return new S3MediaStore(settings.s3);
  return new LocalMediaStore(join(config.dataDir, 'media'));
}

/**
 * The origin presigned URLs point at when GET /media redirects (MEDIA_DELIVERY=signed), for the
 * content security policy: the app fetches `_xfile` pages and hls.js fetches segments with
 * fetch/XHR, which `connect-src` must allow after the redirect. Empty when media is proxied.
 */
export async function signedMediaOrigins(
  store: MediaStore,
  config: { mediaStore?: MediaStoreConfig },
): Promise<string[]> {
  if (config.mediaStore?.delivery !== 'signed' || !store.signedUrl) return [];
  // Signing is local (no request): a dummy key shows the host the SDK addresses.
  return [new URL(await store.signedUrl('origin-probe', 60)).origin];
}
