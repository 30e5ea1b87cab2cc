/**
 * What OPDS apps download: page images for OPDS-PSE, covers, a comic chapter as CBZ and a novel
 * as EPUB. Every chapter goes through the app's access rule first (VIP chapters for active VIPs,
 * coin chapters once unlocked, free chapters for all), and nothing here ever spends coins: the
 * app's auto-unlock is a choice made in the app, not something an e-reader triggers page by page.
 *
 * Stored images are XOR-encoded (`_xfile`, protocol.md "Encrypted images") for the app's own
 * reader; e-readers get plain JPEG, scaled down to the `maxWidth` they ask for.
 */
import { xorBytes } from '@dm51/shared';
import { buildZip } from '@dm51/library';
import sharp from 'sharp';
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';
import { chapterName } from '../presenters/chapter.presenter.js';
import type { MediaStore } from '../media/media-store.js';
import type { CatalogueRepository, ChapterWithWork } from '../repositories/catalogue.repository.js';
import type { CatalogueService } from '../services/catalogue.service.js';
import { isVipActive } from '../policies/chapter-access.policy.js';
import type { UnlockService } from '../services/unlock.service.js';
import { buildEpub, type EpubChapter } from './epub.js';
import { KINDS, lockedReason } from './opds-feeds.service.js';
import type { OpdsRepository } from './opds.repository.js';

export interface Image {
  data: Buffer;
  type: string;
}

/** A refusal an OPDS route answers as plain text with this HTTP status. */
export class OpdsRefusal extends Error {
  constructor(
    readonly status: 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new OpdsRefusal(404, 'Not found: this work, chapter or page does not exist.\n');
const MIN_WIDTH = 64;
const nowS = () => Math.floor(Date.now() / 1000);

export class OpdsMediaService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly catalogueService: CatalogueService,
    private readonly unlocks: UnlockService,
    private readonly works: OpdsRepository,
    private readonly media: MediaStore,
    private readonly xorKey: number,
  ) {}

  /** A stored image as plain bytes, scaled to `maxWidth` (and made JPEG when scaled or not JPEG). */
  private async image(key: string, maxWidth: number): Promise<Image | null> {
    const stored = key ? await this.media.get(key) : null;
    if (!stored) return null;
    const plain = /_xfile\.[a-z0-9]+$/.test(key) ? Buffer.from(xorBytes(stored, this.xorKey)) : stored;
    const isJpeg = /\.jpe?g$/.test(key);
    const wantsScale = maxWidth >= MIN_WIDTH;
    // Stored JPEGs are sent as they are unless a smaller width is asked for (no decode needed).
    if (isJpeg && !wantsScale) return { data: plain, type: 'image/jpeg' };
    const width = (await sharp(plain).metadata()).width ?? 0;
    const scale = wantsScale && width > maxWidth;
    if (isJpeg && !scale) return { data: plain, type: 'image/jpeg' };
    let pipeline = sharp(plain);
    if (scale) pipeline = pipeline.resize({ width: maxWidth, withoutEnlargement: true });
    return { data: await pipeline.jpeg({ quality: 82 }).toBuffer(), type: 'image/jpeg' };
  }

  async cover(workId: number, maxWidth: number): Promise<Image> {
    const extra = (await this.works.extras([workId])).get(workId);
    const image = extra ? await this.image(extra.cover_key, maxWidth) : null;
    if (!image) throw notFound();
    return image;
  }

  /** A comic chapter the user may read, or a 403 saying why not. */
  private async readableComicChapter(userId: number, chapterId: number): Promise<ChapterWithWork> {
    const chapter = await this.catalogue.findChapter(chapterId);
    if (!chapter || chapter.work_type !== KINDS.comics) throw notFound();
    const vipActive = isVipActive(await this.catalogue.vipState(userId), nowS());
    if (await this.unlocks.lockedFor(userId, chapter, vipActive))
      throw new OpdsRefusal(403, `${lockedReason(chapter.pay)}\n`);
    return chapter;
  }

  /** OPDS-PSE page `pageNumber` (0-based) of a comic chapter. */
  async page(userId: number, chapterId: number, pageNumber: number, maxWidth: number): Promise<Image> {
    await this.readableComicChapter(userId, chapterId);
    const pages = await this.catalogue.pages(chapterId);
    const page = pages[pageNumber];
    const image = page ? await this.image(page.media_key, maxWidth) : null;
    if (!image) throw notFound();
    return image;
  }

  /** A comic chapter as a CBZ of plain JPEG/PNG/WebP pages, named in reading order. */
  async cbz(userId: number, chapterId: number): Promise<{ name: string; data: Buffer }> {
    const chapter = await this.readableComicChapter(userId, chapterId);
    const pages = await this.catalogue.pages(chapterId);
    const files = [];
    for (const [index, page] of pages.entries()) {
      const image = await this.image(page.media_key, 0);
      if (!image) continue;
      files.push({ name: `${String(index + 1).padStart(4, '0')}.jpg`, data: image.data, store: true });
    }
    return { name: `${chapter.work_title} - ${chapterName(chapter)}.cbz`, data: buildZip(files) };
  }

  /**
   * A novel as EPUB 3 of the chapters the user may read, in order; locked chapters are left out
   * and named on a closing page, so the book says what is missing and why.
   */
  async epub(userId: number, workId: number): Promise<{ name: string; data: Buffer }> {
    let detail;
    try {
      detail = await this.catalogueService.detail(userId, workId, KINDS.novels);
    } catch (error) {
      if (error instanceof AppError && error.code === ApiCode.CONTENT_NOT_FOUND) throw notFound();
      throw error;
    }
    const chapters: EpubChapter[] = [];
    const locked: { name: string; pay: number }[] = [];
    for (let page = 1; ; page += 1) {
      const { list, total } = await this.catalogueService.chapters(
        userId,
        workId,
        KINDS.novels,
        'asc',
        page,
        100,
      );
      for (const item of list) {
        if (item.locked) {
          locked.push({ name: item.name, pay: item.pay });
          continue;
        }
        const text = await this.catalogue.novelText(item.id);
        chapters.push({ title: item.name, text: text?.text ?? '' });
      }
      if (page * 100 >= total || list.length === 0) break;
    }
    const data = buildEpub({
      id: `urn:dm51:work:${workId}`,
      title: detail.name,
      authors: detail.authors.map((author) => author.name),
      language: detail.language || 'zh',
      summary: detail.summary,
      modified: detail.updated_time,
      chapters,
      missing: locked.map((chapter) => `${chapter.name} — ${lockedReason(chapter.pay)}`),
    });
    return { name: `${detail.name}.epub`, data };
  }
}
