/**
 * Uploaded images, checked by their content (never by the name or the declared type) with sharp.
 * Pixel limits keep a small file that decodes to a huge bitmap (a decompression bomb) out.
 */
import sharp from 'sharp';
import { Errors } from '../errors.js';

/** sharp's names of the formats we take: JPEG, PNG, WebP, GIF and AVIF/HEIF. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const MAX_INPUT_PIXELS = 40_000_000;

export const AVATAR_SIZE = 256;

function open(buffer: Buffer) {
  return sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
}

/** Refuses anything that is not a decodable image of an accepted format. */
export async function assertImage(buffer: Buffer): Promise<void> {
  if (buffer.length === 0) throw Errors.uploadInvalid('The file is empty');
  let format: string | undefined;
  try {
    format = (await open(buffer).metadata()).format;
  } catch {
    throw Errors.uploadInvalid('The file is not an image (JPEG, PNG, WebP, GIF or AVIF)');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw Errors.uploadInvalid('The file is not an image (JPEG, PNG, WebP, GIF or AVIF)');
  }
}

/**
 * The avatar rendition: a square JPEG, oriented by its EXIF tag and stripped of metadata (location
 * and camera data never leave the server again).
 */
export async function renderAvatar(buffer: Buffer): Promise<Buffer> {
  await assertImage(buffer);
  try {
    return await open(buffer)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw Errors.uploadInvalid('The image could not be read; it may be damaged');
  }
}

/** RGBA pixels for QR decoding, scaled down so a large photo decodes quickly. */
export async function decodeRgba(
  buffer: Buffer,
  maxSide: number,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  await assertImage(buffer);
  const { data, info } = await open(buffer)
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}
