/**
 * Catalogue → a work's cover: an uploaded picture or one of the work's pages, stored as the importer
 * stores covers (a 360 px wide rendition, XOR-encoded `_xfile`, content-hashed under `lib/`, in
 * media_objects), so the end-of-run orphan collection keeps it while works.cover_key points at it.
 * Uploads are checked by content with the app's own checks (image-input.ts `assertImage`: type
 * sniffed by sharp, never the name) plus a byte limit and a pixel limit read from the header, so a
 * small file that decodes to a huge bitmap is refused before any pixel is decoded.
 * Banner pictures are checked the same way and stored under `console/` (outside the importer's
 * prefix, so a library scan never collects them).
 */
import { xorBytes } from '@dm51/shared';
import sharp from 'sharp';
import type { Database } from '../../db/database.js';
import { nowSeconds } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { MediaWriter } from '../../import/media-renditions.js';
import { contentMediaKey } from '../../media/media-key.js';
import type { MediaStore } from '../../media/media-store.js';
import { assertImage } from '../../services/image-input.js';
import type { Audit } from '../admin-route.js';
import { AdminErrors } from '../admin-errors.js';

/** Largest upload accepted (bytes of the file itself). */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Largest picture accepted (width × height from the header). */
export const COVER_MAX_PIXELS = 40_000_000;
/** Banner pictures are kept at most this wide. */
const BANNER_MAX_WIDTH = 1080;
export const BANNER_MEDIA_PREFIX = 'console/';
const PICKER_PAGES = 60;
const THUMB_WIDTH = 120;

export interface MediaDeps {
  media: MediaStore;
  xorKey: number;
}

/** Decodes the console's base64 upload and checks it by content; throws 400 with the reason. */
export async function checkedUpload(base64: string): Promise<Buffer> {
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  if (bytes.length === 0) throw AdminErrors.invalid('The file is empty');
  if (bytes.length > COVER_MAX_BYTES) {
    throw AdminErrors.invalid(`The file is too large (at most ${COVER_MAX_BYTES / 1024 / 1024} MB)`);
  }
  // The header's size first (no pixel decoded), so a bomb is named as such.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const pixels = (meta?.width ?? 0) * (meta?.height ?? 0);
  if (meta && pixels > COVER_MAX_PIXELS) {
    throw AdminErrors.invalid(
      `The picture is too large (${meta.width}×${meta.height}; at most ${COVER_MAX_PIXELS / 1_000_000} million pixels)`,
    );
  }
  try {
    await assertImage(bytes);
  } catch (error) {
    if (error instanceof AppError) throw AdminErrors.invalid(error.message);
    throw error;
  }
  return bytes;
}

/** A small JPEG of a stored (XOR-encoded) picture as a data: URL, for the console's pickers. */
export async function thumbnail(deps: MediaDeps, key: string, width = THUMB_WIDTH): Promise<string> {
  if (!key) return '';
  const stored = await deps.media.get(key).catch(() => null);
  if (!stored) return '';
  try {
    const jpeg = await sharp(xorBytes(stored, deps.xorKey))
      .resize(width, width * 2, { fit: 'inside' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return '';
  }
}

export class CoverAdminService {
  /** The work's chapters and the pages of one of them (default the first) with thumbnails. */
  async pages(db: Database, deps: MediaDeps, workId: number, chapterId?: number) {
    const work = await db.selectFrom('works').select(['id']).where('id', '=', workId).executeTakeFirst();
    if (!work) throw AdminErrors.notFound('work');
    const chapters = await db
      .selectFrom('chapters')
      .select(['id', 'sort_order', 'title', 'page_count'])
      .where('work_id', '=', workId)
      .orderBy('sort_order')
      .execute();
    const chosen = chapterId ?? chapters.find((c) => c.page_count > 0)?.id ?? chapters[0]?.id;
    if (chapterId !== undefined && !chapters.some((c) => c.id === chapterId)) {
      throw AdminErrors.notFound('chapter of this work');
    }
    const rows =
      chosen === undefined
        ? []
        : await db
            .selectFrom('pages')
            .select(['page_index', 'media_key', 'width', 'height'])
            .where('chapter_id', '=', chosen)
            .orderBy('page_index')
            .limit(PICKER_PAGES)
            .execute();
    const pages = await Promise.all(
      rows.map(async (p) => ({
        index: p.page_index,
        width: p.width,
        height: p.height,
        thumb: await thumbnail(deps, p.media_key),
      })),
    );
    return { chapters, chapterId: chosen ?? null, pages };
  }

  /** The current cover as a thumbnail (the console cannot show `_xfile` objects directly). */
  async current(db: Database, deps: MediaDeps, workId: number) {
    const work = await db
      .selectFrom('works')
      .select(['cover_key', 'cover_width', 'cover_height'])
      .where('id', '=', workId)
      .executeTakeFirst();
    if (!work) throw AdminErrors.notFound('work');
    return {
      key: work.cover_key,
      width: work.cover_width,
      height: work.cover_height,
      thumb: await thumbnail(deps, work.cover_key, 240),
    };
  }

  /** The bytes of one of the work's pages (decoded), or 404. */
  async pageBytes(db: Database, deps: MediaDeps, workId: number, chapterId: number, index: number) {
    const page = await db
      .selectFrom('pages')
      .innerJoin('chapters', 'chapters.id', 'pages.chapter_id')
      .select('pages.media_key')
      .where('chapters.work_id', '=', workId)
      .where('pages.chapter_id', '=', chapterId)
      .where('pages.page_index', '=', index)
      .executeTakeFirst();
    if (!page) throw AdminErrors.notFound('page of this work');
    const stored = await deps.media.get(page.media_key);
    if (!stored) throw AdminErrors.notFound('stored page picture');
    return Buffer.from(xorBytes(stored, deps.xorKey));
  }

  /** Stores `bytes` as the work's cover rendition and points the work at it (one audit row). */
  async setCover(
    trx: Database,
    audit: Audit,
    deps: MediaDeps,
    workId: number,
    bytes: Buffer,
    source: Record<string, unknown>,
  ) {
    const before = await trx
      .selectFrom('works')
      .select(['cover_key', 'cover_width', 'cover_height'])
      .where('id', '=', workId)
      .executeTakeFirst();
    if (!before) throw AdminErrors.notFound('work');
    const writer = new MediaWriter(deps.media, deps.xorKey);
    let stored;
    try {
      stored = await writer.putCover(bytes);
    } catch {
      throw AdminErrors.invalid('The image could not be read; it may be damaged');
    }
    const now = nowSeconds();
    for (const m of writer.written) {
      await trx
        .insertInto('media_objects')
        .values({ key: m.key, content_type: m.contentType, bytes: m.bytes, created_time: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    await trx
      .updateTable('works')
      .set({
        cover_key: stored.key,
        cover_width: stored.width,
        cover_height: stored.height,
        updated_time: now,
      })
      .where('id', '=', workId)
      .execute();
    await audit({
      action: 'work.cover',
      targetType: 'work',
      targetId: workId,
      before: { coverKey: before.cover_key },
      after: { coverKey: stored.key, width: stored.width, height: stored.height, ...source },
    });
    return { key: stored.key, width: stored.width, height: stored.height };
  }

  /** A banner picture: checked, at most 1080 px wide, stored XOR-encoded under `console/`. */
  async storeBanner(deps: MediaDeps, bytes: Buffer): Promise<string> {
    let webp: Buffer;
    try {
      webp = await sharp(bytes, { limitInputPixels: COVER_MAX_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: BANNER_MAX_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw AdminErrors.invalid('The image could not be read; it may be damaged');
    }
    const stored = Buffer.from(xorBytes(webp, deps.xorKey));
    const key = `${BANNER_MEDIA_PREFIX}${contentMediaKey(stored, 'webp', { xfile: true })}`;
    await deps.media.put(key, stored);
    return key;
  }
}
