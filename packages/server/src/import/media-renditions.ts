/**
 * Web renditions of imported images, stored XOR-encoded (`_xfile`) under content-hashed keys.
 * Everything goes through the MediaStore interface, so an S3-compatible store needs no change here.
 * Objects are written before the rows that name them; a crash in between leaves an unreferenced
 * object that the end-of-run orphan collection removes.
 */
import { LibraryError, probeImage } from '@dm51/library';
import { xorBytes } from '@dm51/shared';
import sharp, { type OutputInfo } from 'sharp';
import { contentMediaKey } from '../media/media-key.js';
import type { MediaStore } from '../media/media-store.js';
import type { StoredImage, WrittenMedia } from './import-types.js';

export interface RenditionLimits {
  /** Pages wider than this are scaled down (never up), keeping their aspect. */
  pageMaxWidth: number;
  pageQuality: number;
  coverWidth: number;
  /** Decompression-bomb guard, checked from the header before any pixel is decoded. */
  maxPixels: number;
}

/** Pixels a renderer drew (a PDF page), packed rows of `channels` bytes a pixel. */
export interface RawImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export const DEFAULT_RENDITION_LIMITS: RenditionLimits = {
  pageMaxWidth: 1080,
  pageQuality: 80,
  coverWidth: 360,
  maxPixels: 100_000_000,
};

/**
 * Every object the importer writes lives under this prefix, so orphan collection never touches
 * media other features store (avatars, comment images).
 */
export const IMPORT_MEDIA_PREFIX = 'lib/';

/** Formats every browser shows, kept as they are when already small enough. */
const WEB_FORMATS = new Set(['jpeg', 'webp']);

/** WebP cannot hold an image taller than this; longer webtoon strips are stored as JPEG. */
const WEBP_MAX_DIMENSION = 16_383;

// libvips runs its own thread pool; the importer keeps one file's pages in flight at a time per slot.
sharp.cache(false);

export class MediaWriter {
  readonly written: WrittenMedia[] = [];

  constructor(
    private readonly store: MediaStore,
    private readonly xorKey: number,
    private readonly limits: RenditionLimits = DEFAULT_RENDITION_LIMITS,
  ) {}

  /** A page: decoded, oriented, scaled to the reading width and stored as `_xfile`. */
  async putPage(bytes: Buffer): Promise<StoredImage> {
    return this.putImage(bytes, this.limits.pageMaxWidth, this.limits.pageQuality, true);
  }

  /** A cover thumbnail for lists and detail pages. */
  async putCover(bytes: Buffer): Promise<StoredImage> {
    return this.putImage(bytes, this.limits.coverWidth, 78);
  }

  /** The width pages are read at: renderers draw pages at this width. */
  get pageWidth(): number {
    return this.limits.pageMaxWidth;
  }

  /** A rendered page (raw pixels): encoded like any other page, never wider than the reading width. */
  async putRawPage(raw: RawImage): Promise<StoredImage> {
    return this.encodeRaw(raw, this.limits.pageMaxWidth, this.limits.pageQuality);
  }

  /** A cover thumbnail from a rendered page. */
  async putRawCover(raw: RawImage): Promise<StoredImage> {
    return this.encodeRaw(raw, this.limits.coverWidth, 78);
  }

  private async encodeRaw(raw: RawImage, maxWidth: number, quality: number): Promise<StoredImage> {
    const { width, height, channels } = raw;
    const outHeight = width > maxWidth ? Math.round((height * maxWidth) / width) : height;
    const pipeline = sharp(raw.pixels, { raw: { width, height, channels } }).resize({
      width: maxWidth,
      withoutEnlargement: true,
    });
    const output =
      outHeight > WEBP_MAX_DIMENSION
        ? await pipeline.jpeg({ quality }).toBuffer({ resolveWithObject: true })
        : await pipeline.webp({ quality, effort: 2 }).toBuffer({ resolveWithObject: true });
    const extension = output.info.format === 'jpeg' ? 'jpg' : output.info.format;
    const key = await this.putEncoded(output.data, extension, `image/${output.info.format}`);
    return { key, width: output.info.width, height: output.info.height, bytes: output.data.length };
  }

  /** Stores already-encoded bytes (a video frame grab, say) as `_xfile`. */
  async putEncoded(encoded: Buffer, extension: string, contentType: string): Promise<string> {
    const stored = Buffer.from(xorBytes(encoded, this.xorKey));
    const key = `${IMPORT_MEDIA_PREFIX}${contentMediaKey(stored, extension, { xfile: true })}`;
    await this.store.put(key, stored);
    this.written.push({ key, contentType, bytes: stored.length });
    return key;
  }

  private async putImage(
    bytes: Buffer,
    maxWidth: number,
    quality: number,
    passThrough = false,
  ): Promise<StoredImage> {
    const probe = await probeImage(bytes, this.limits.maxPixels);
    let output: { data: Buffer; info: OutputInfo };
    try {
      const input = sharp(bytes, { limitInputPixels: this.limits.maxPixels, failOn: 'error' });
      const meta = await input.metadata();
      // EXIF orientations 5-8 swap the axes once .rotate() applies them.
      const orientation = meta.orientation ?? 1;
      // A page that is already a web image of reading size is kept byte for byte: re-encoding
      // would cost time and quality for nothing. (A cheap decode still proves it is sound.)
      if (
        passThrough &&
        orientation === 1 &&
        probe.width <= maxWidth &&
        (meta.pages ?? 1) === 1 &&
        WEB_FORMATS.has(probe.format)
      ) {
        // Shrink-on-load makes this decode cheap; 'truncated' refuses a cut-off file.
        await sharp(bytes, { limitInputPixels: this.limits.maxPixels, failOn: 'truncated' })
          .resize({ width: 16 })
          .raw()
          .toBuffer();
        const extension = probe.format === 'jpeg' ? 'jpg' : probe.format;
        const key = await this.putEncoded(bytes, extension, `image/${probe.format}`);
        return { key, width: probe.width, height: probe.height, bytes: bytes.length };
      }
      const [w, h] = orientation >= 5 ? [probe.height, probe.width] : [probe.width, probe.height];
      const outHeight = w > maxWidth ? Math.round((h * maxWidth) / w) : h;
      const pipeline = input.rotate().resize({ width: maxWidth, withoutEnlargement: true });
      output =
        outHeight > WEBP_MAX_DIMENSION
          ? await pipeline.jpeg({ quality }).toBuffer({ resolveWithObject: true })
          : await pipeline.webp({ quality, effort: 2 }).toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof LibraryError) throw error;
      throw new LibraryError('invalid', `unreadable image: ${(error as Error).message}`, { cause: error });
    }
    const extension = output.info.format === 'jpeg' ? 'jpg' : output.info.format;
    const key = await this.putEncoded(output.data, extension, `image/${output.info.format}`);
    return { key, width: output.info.width, height: output.info.height, bytes: output.data.length };
  }
}
