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
