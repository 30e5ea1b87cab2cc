/**
 * Pictures attached to comments and feedback: checked by content with the avatar's check
 * (image-input.ts `assertImage`), re-encoded as a JPEG at most 1600 px on its longer side with EXIF
 * orientation applied and metadata stripped, then stored XOR-encoded (`_xfile`) under its content
 * hash like avatars. The answer is the media URL path the client puts in `imgList`.
 */
import { xorBytes } from '@dm51/shared';
import sharp from 'sharp';
import { Errors } from '../errors.js';
import { contentMediaKey, isValidMediaKey, mediaUrlPath } from '../media/media-key.js';
import type { MediaStore } from '../media/media-store.js';
import { assertImage } from './image-input.js';

export const PICTURE_MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 40_000_000;

export interface PictureStorage {
  media: MediaStore;
  imageXorKey: number;
}

export class CommentImageService {
  constructor(private readonly storage: PictureStorage | null) {}

  async store(image: Buffer | null): Promise<string> {
    if (!image) throw Errors.uploadInvalid('Choose an image to upload');
    if (!this.storage) throw Errors.internal();
    await assertImage(image);
    let jpeg: Buffer;
    try {
      jpeg = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch {
      throw Errors.uploadInvalid('The image could not be read; it may be damaged');
    }
    const stored = xorBytes(jpeg, this.storage.imageXorKey);
    const key = contentMediaKey(stored, 'jpg', { xfile: true });
    await this.storage.media.put(key, stored);
    return mediaUrlPath(key);
  }

  /** Whether `url` names a picture stored here (attached URLs must come from an upload). */
  async exists(url: string): Promise<boolean> {
    if (!this.storage || !url.startsWith('/media/')) return false;
    const key = url.slice('/media/'.length);
    if (!isValidMediaKey(key) || !key.endsWith('_xfile.jpg')) return false;
    return (await this.storage.media.stat(key)) !== null;
  }
}
