/**
 * Pictures of AI cos in the media store: the uploaded photo (checked like comment pictures:
 * type by content, decompression bombs, then re-encoded without metadata) and the results, both
 * XOR-encoded `_xfile` JPEGs under their content hash; works' covers are read back from it.
 */
import { xorBytes } from '@dm51/shared';
import sharp from 'sharp';
import { Errors } from '../errors.js';
import { contentMediaKey, mediaUrlPath } from '../media/media-key.js';
import type { MediaStore } from '../media/media-store.js';
import { assertImage } from '../services/image-input.js';

const PHOTO_MAX_SIDE = 1280;
const MAX_INPUT_PIXELS = 40_000_000;

export class AiMedia {
  constructor(
    private readonly media: MediaStore,
    private readonly xorKey: number,
  ) {}

  private async put(jpeg: Buffer): Promise<string> {
    const stored = xorBytes(jpeg, this.xorKey);
    const key = contentMediaKey(stored, 'jpg', { xfile: true });
    await this.media.put(key, stored);
    return key;
  }

  /** The checked, re-encoded upload; its media key. */
  async storePhoto(upload: Buffer): Promise<string> {
    await assertImage(upload);
    let jpeg: Buffer;
    try {
      jpeg = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88 })
        .toBuffer();
    } catch {
      throw Errors.uploadInvalid('The image could not be read; it may be damaged');
    }
    return this.put(jpeg);
  }

  /** A provider's result, re-encoded (providers may answer PNG or WebP); its media key. */
  async storeResult(image: Buffer): Promise<string> {
    const jpeg = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    return this.put(jpeg);
  }

  /** The decoded bytes of a stored picture (XOR undone for `_xfile` keys); null when missing. */
  async read(key: string): Promise<Buffer | null> {
    const stored = await this.media.get(key);
    if (!stored) return null;
    return key.includes('_xfile') ? Buffer.from(xorBytes(stored, this.xorKey)) : stored;
  }

  url(key: string): string {
    return mediaUrlPath(key);
  }
}
