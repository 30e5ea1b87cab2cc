/**
 * What OPDS apps download: page images for OPDS-PSE, covers, a comic chapter as CBZ and a novel
 * as EPUB. Every chapter goes through the app's access rule first (VIP chapters for active VIPs,
 * coin chapters once unlocked, free chapters for all), and nothing here ever spends coins: the
 * app's auto-unlock is a choice made in the app, not something an e-reader triggers page by page.
 *
 * Stored images are XOR-encoded (`_xfile`, protocol.md "Encrypted images") for the app's own
 * reader; e-readers get plain JPEG, scaled down to the `maxWidth` they ask for.
 */
import { createHash } from 'node:crypto';
import { xorBytes, type ChapterItem } from '@dm51/shared';
import { buildZip, type ZipInput } from '@dm51/library';
import sharp from 'sharp';
import { ApiCode } from '@dm51/shared';
import { AppError } from '../errors.js';
import { chapterName } from '../presenters/chapter.presenter.js';
import type { MediaStore } from '../media/media-store.js';
import { isValidMediaKey } from '../media/media-key.js';
import { readFileMeta } from '../import/work-metadata.js';
import type { CatalogueRepository, ChapterWithWork } from '../repositories/catalogue.repository.js';
import type { CatalogueService } from '../services/catalogue.service.js';
import { isVipActive } from '../policies/chapter-access.policy.js';
import type { UnlockService } from '../services/unlock.service.js';
import { buildComicInfo, type ComicInfoPage } from './comic-info.js';
import type { Download } from './download-reply.js';
import { layoutOf } from '../kosync/kosync.service.js';
import type { SyncTarget } from '../kosync/sync-documents.repository.js';
import { buildEpub, type EpubChapter, type EpubImage } from './epub.js';
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

export const CBZ_TYPE = 'application/vnd.comicbook+zip';
/** An image in stored novel HTML: `src="/media/<key>"`. */
const MEDIA_SRC = /(<img\b[^>]*?\bsrc=")\/media\/([^"]+)"/gi;
/** Languages whose books turn pages right to left. */
const RTL_SCRIPT = /^(?:ar|he|iw|fa|ur|yi|ps|sd|ug|dv|ckb)(?:-|$)/i;

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

  /**
   * A comic chapter as a CBZ of plain JPEG pages named in reading order, with a ComicInfo.xml.
   * Every entry is dated with the chapter's last change and nothing depends on the request's
   * time, so the same chapter downloads as the same bytes (its ETag holds until it changes).
   */
  async cbz(userId: number, chapterId: number): Promise<Download> {
    const chapter = await this.readableComicChapter(userId, chapterId);
    const facts = await this.works.comicFacts(chapterId);
    if (!facts) throw notFound();
    const pages = await this.catalogue.pages(chapterId);
    const modified = new Date(facts.chapterUpdated * 1000);
    const files: ZipInput[] = [];
    const listed: ComicInfoPage[] = [];
    for (const page of pages) {
      const image = await this.image(page.media_key, 0);
      if (!image) continue;
      const name = `${String(files.length + 1).padStart(4, '0')}.jpg`;
      files.push({ name, data: image.data, store: true, modified });
      listed.push({ bytes: image.data.length, width: page.width, height: page.height });
    }
    const updated = Math.max(facts.chapterUpdated, facts.workUpdated);
    files.push({
      name: 'ComicInfo.xml',
      data: Buffer.from(buildComicInfo(facts, listed), 'utf8'),
      modified: new Date(updated * 1000),
    });
    return {
      name: `${chapter.work_title} - ${chapterName(chapter)}.cbz`,
      type: CBZ_TYPE,
      modified: updated,
      data: buildZip(files),
      sync: {
        target: { workId: chapter.work_id, chapterId: chapter.id, format: 'cbz', layout: [] },
        // As the chapter's OPDS entry names it (opds-feeds.service.ts chapterEntry).
        title: chapterName(chapter),
        authors: [...new Set(facts.authors.map((author) => author.name))],
      },
    };
  }

  /**
   * A novel as an EPUB. A work imported from one EPUB file, all of whose chapters this account
   * may read, gets that file itself, byte for byte (an e-reader that keys reading progress by the
   * file sees the same book every time). Otherwise — a TXT import, a work of several files
   * (volumes), or chapters still locked for this account — the EPUB is made from the chapters
   * the account may read, in order, with their images and the cover; locked chapters are left
   * out and named on a closing page, so the book says what is missing and why
   * (docs/read/opds.md, "Downloads"). The route sends it as application/epub+zip.
   */
  async epub(userId: number, workId: number): Promise<Omit<Download, 'type'>> {
    let detail;
    try {
      detail = await this.catalogueService.detail(userId, workId, KINDS.novels);
    } catch (error) {
      if (error instanceof AppError && error.code === ApiCode.CONTENT_NOT_FOUND) throw notFound();
      throw error;
    }
    const items: ChapterItem[] = [];
    for (let page = 1; ; page += 1) {
      const { list, total } = await this.catalogueService.chapters(
        userId,
        workId,
        KINDS.novels,
        'asc',
        page,
        100,
      );
      items.push(...list);
      if (page * 100 >= total || list.length === 0) break;
    }
    const name = `${detail.name}.epub`;
    const authors = detail.author ? detail.author.split(' / ') : [];
    const syncAs = (target: SyncTarget) => ({ target, title: detail.name, authors });
    if (!items.some((item) => item.locked)) {
      const original = await this.originalEpub(workId);
      if (original)
        return { name, modified: detail.updated_time, data: original.data, sync: syncAs(original.target) };
    }

    const images: EpubImage[] = [];
    const hrefs = new Map<string, string | null>();
    // A stored image (novel_texts.html names it by media URL) as a JPEG entry of the book, once.
    const carry = async (key: string): Promise<string | null> => {
      if (!hrefs.has(key)) {
        const image = isValidMediaKey(key) ? await this.image(key, 0) : null;
        const href = image ? `images/i${String(images.length + 1).padStart(4, '0')}.jpg` : null;
        if (image && href) images.push({ href, data: image.data, type: 'image/jpeg' });
        hrefs.set(key, href);
      }
      return hrefs.get(key) ?? null;
    };
    const chapters: EpubChapter[] = [];
    // The chapter of each spine document, for progress sync (the closing page is none).
    const layout: number[] = [];
    const locked: { name: string; pay: number }[] = [];
    for (const item of items) {
      if (item.locked) {
        locked.push({ name: item.name, pay: item.pay });
        continue;
      }
      const stored = await this.catalogue.novelText(item.id);
      let html = stored?.html ?? '';
      for (const key of new Set([...html.matchAll(MEDIA_SRC)].map((m) => m[2]!))) {
        const href = await carry(key);
        html = html.split(`/media/${key}"`).join(`${href ?? ''}"`);
      }
      chapters.push({ title: item.name, html });
      layout.push(item.id);
    }
    const extra = (await this.works.extras([workId])).get(workId);
    const cover = extra?.cover_key ? await this.image(extra.cover_key, 0) : null;
    const language = detail.language || 'zh';
    const data = buildEpub({
      id: `urn:dm51:work:${workId}`,
      title: detail.name,
      authors: detail.authors.map((author) => author.name),
      language,
      summary: detail.summary,
      modified: detail.updated_time,
      rtl: detail.rtl === 1 || RTL_SCRIPT.test(language),
      cover: cover ? { href: 'images/cover.jpg', data: cover.data, type: 'image/jpeg' } : null,
      images,
      chapters,
      missing: locked.map((chapter) => `${chapter.name} — ${lockedReason(chapter.pay)}`),
    });
    if (locked.length > 0) layout.push(0);
    const target: SyncTarget = { workId, chapterId: 0, format: 'made-epub', layout };
    return { name, modified: detail.updated_time, data, sync: syncAs(target) };
  }

  /**
   * The original EPUB of a work that came whole from one EPUB file (every chapter from it), as
   * the importer stored it; null when there is none or the stored copy is not that file any more.
   */
  private async originalEpub(workId: number): Promise<{ data: Buffer; target: SyncTarget } | null> {
    const { files, chapters } = await this.works.bookSources(workId);
    if (files.length !== 1 || files[0]!.kind !== 'novel') return null;
    const file = files[0]!;
    if (!chapters.every((c) => c.source_path === file.path || c.source_path.startsWith(`${file.path}#`)))
      return null;
    const original = readFileMeta(file.meta).original;
    if (!original) return null;
    const stored = await this.media.get(original.key);
    if (!stored) return null;
    const data = Buffer.from(xorBytes(stored, this.xorKey));
    if (createHash('sha256').update(data).digest('hex') !== original.sha256) return null;
    const own = chapters
      .filter((c) => c.source_path.startsWith(`${file.path}#`))
      .sort((a, b) => a.source_path.localeCompare(b.source_path));
    const spine = readFileMeta(file.meta).spine ?? own.map((_, i) => i + 1);
    return { data, target: { workId, chapterId: 0, format: 'epub', layout: layoutOf(own, spine) } };
  }
}
