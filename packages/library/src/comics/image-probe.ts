import sharp, { type Metadata } from 'sharp';
import { LibraryError, errorMessage } from '../errors.js';

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
}

/** 100 megapixels: a double-page 600 dpi scan is ~70 MP; beyond this it is a decompression bomb. */
export const DEFAULT_MAX_PIXELS = 100_000_000;

/**
 * Format and dimensions from an image's bytes. sharp reads only the header for metadata, so a
 * PNG that declares 100000×100000 pixels is refused without allocating its bitmap.
 */
export async function probeImage(bytes: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch (e) {
    throw new LibraryError('invalid', `unreadable image: ${errorMessage(e)}`, { cause: e });
  }
  const { format, width, height } = meta;
  if (!format || !width || !height) throw new LibraryError('invalid', 'unreadable image: no dimensions');
  if (width * height > maxPixels) {
    throw new LibraryError(
      'limit',
      `image too large: ${width}×${height} pixels is over the ${maxPixels} pixel limit`,
    );
  }
  return { format, width, height };
}
