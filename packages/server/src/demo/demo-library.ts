/**
 * Writes the demo library (DATA_DIR/demo-library): comics drawn with SVG + sharp (CBZ with
 * ComicInfo, one series as folders of images, some long webtoon strips), novels written for the
 * project (EPUB 3 built here, TXT in UTF-8 and GB18030), and anime episodes cut from ffmpeg test
 * sources with .srt sidecars, a poster and a tvshow.nfo (when ffmpeg is present).
 *
 * Idempotent and crash-safe: each file is written to a temp name and renamed, existing files are
 * kept, and a version marker is written last, so an interrupted generation simply continues.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildZip, type ZipInput } from '@dm51/library';
import iconv from 'iconv-lite';
import { FFMPEG_PATH, hasFfmpeg } from '../import/anime-preparer.js';
import type { PayMode } from '../import/import-types.js';
import { renderPage, rng } from './comic-art.js';
import {
  DEMO_ANIME,
  DEMO_COMICS,
  DEMO_NOVELS,
  chapterHeading,
  chapterParagraphs,
  type DemoAnime,
  type DemoComic,
  type DemoNovel,
} from './demo-content.js';

/** Written last; a library of an older version is completed (coin markers, new episodes added). */
const VERSION = '2';
/** Chinese TXT novels indent paragraphs with two ideographic spaces (U+3000). */
const IDEOGRAPHIC_INDENT = '\u3000\u3000';
const MARKER = '.dm51-demo';

async function writeAtomic(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.partial`;
  await writeFile(temp, data);
  await rename(temp, path);
}

/** A series folder's pay marker: `.vip` or `.coins`, holding the price per chapter when there is one. */
async function writePayMarker(folder: string, work: { pay: PayMode; price?: number }): Promise<void> {
  if (work.pay === 'free') return;
  const marker = join(folder, work.pay === 'vip' ? '.vip' : '.coins');
  if (!existsSync(marker)) await writeAtomic(marker, work.price ? `${work.price}\n` : '');
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Runs `jobs` two at a time (page rendering is CPU-bound; the server keeps the other core). */
async function inPairs<T>(items: T[], job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < items.length) await job(items[next++]!);
    }),
  );
}

function comicInfo(comic: DemoComic, chapter: number, pages: number): string {
  const notes = [`status: ${comic.finished ? 'finished' : 'serialising'}`, `score: ${comic.score}`];
  if (comic.pay !== 'free') notes.push(`pay: ${comic.pay}`);
  if (comic.price) notes.push(`price: ${comic.price}`);
  const fields: [string, string][] = [
    [
      'Title',
      comic.language === 'zh'
        ? `第${chapter}话`
        : comic.language === 'ja'
          ? `第${chapter}話`
          : `Chapter ${chapter}`,
    ],
    ['Series', comic.title],
    ['Number', String(chapter)],
    ['Summary', comic.summary],
    ['Writer', comic.writer],
    ['Penciller', comic.artist],
    ['Genre', comic.genres.join(', ')],
    ['Tags', comic.tags.join(', ')],
    ['LanguageISO', comic.language],
    ['Manga', comic.rtl ? 'YesAndRightToLeft' : comic.language === 'en' ? 'No' : 'Yes'],
    ['PageCount', String(pages)],
    ['AgeRating', 'Everyone'],
    ['Notes', notes.join('\n')],
  ];
  if (comic.finished) fields.push(['Count', String(comic.chapters)]);
  return `<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${fields
    .map(([k, v]) => `  <${k}>${xml(v)}</${k}>`)
    .join('\n')}\n</ComicInfo>\n`;
}

async function comicChapterPages(comic: DemoComic, index: number, chapter: number): Promise<Buffer[]> {
  const r = rng(index * 1000 + chapter);
  const count = comic.webtoon ? 8 + Math.floor(r() * 4) : 8 + Math.floor(r() * 7);
  const [width, height] = comic.webtoon ? [720, 2400] : [800, 1200];
  const pages: Buffer[] = [];
  for (let p = 0; p < count; p++) {
    const subtitle = comic.language === 'en' ? `Chapter ${chapter}` : `第${chapter}话`;
    pages.push(
      await renderPage({
        width: p === 0 ? 800 : width,
        height: p === 0 ? 1200 : height,
        hue: comic.hue + chapter * 12,
        seed: index * 100_000 + chapter * 100 + p,
        lines: comic.lines,
        ...(p === 0 ? { title: comic.title, subtitle } : { pageLabel: String(p + 1) }),
      }),
    );
  }
  return pages;
}

async function writeComic(root: string, comic: DemoComic, index: number): Promise<void> {
  const folder = join(root, 'comics', comic.folder);
  // One series is a folder of image folders, as scanners and web rippers leave them.
  const asFolders = index === DEMO_COMICS.length - 1;
  for (let chapter = 1; chapter <= comic.chapters; chapter++) {
    const name = `${comic.title} - Ch.${String(chapter).padStart(3, '0')}`;
    const target = asFolders ? join(folder, `第${chapter}话`) : join(folder, `${name}.cbz`);
    if (existsSync(asFolders ? join(target, 'ComicInfo.xml') : target)) continue;
    const pages = await comicChapterPages(comic, index, chapter);
    const info = comicInfo(comic, chapter, pages.length);
    if (asFolders) {
      for (const [p, page] of pages.entries())
        await writeAtomic(join(target, `${String(p + 1).padStart(3, '0')}.jpg`), page);
      await writeAtomic(join(target, 'ComicInfo.xml'), info);
    } else {
      const files: ZipInput[] = [
        { name: 'ComicInfo.xml', data: Buffer.from(info) },
        ...pages.map((page, p) => ({
          name: `${String(p + 1).padStart(3, '0')}.jpg`,
          data: page,
          store: true,
        })),
      ];
      await writeAtomic(target, buildZip(files));
    }
  }
}

async function epubBytes(novel: DemoNovel, index: number): Promise<Buffer> {
  const cover = await renderPage({
    width: 600,
    height: 900,
    hue: index * 37,
    seed: 9000 + index,
    lines: [],
    title: novel.title,
    subtitle: novel.author,
  });
  const chapters = Array.from({ length: novel.chapters }, (_, i) => {
    const heading = chapterHeading(novel.language, i + 1);
    const paragraphs = chapterParagraphs(novel, rng(index * 97 + i));
    const body = paragraphs.map((p) => `<p>${xml(p)}</p>`).join('\n');
    const image = i === 0 ? '<p><img src="../images/cover.jpg" alt=""/></p>\n' : '';
    return {
      heading,
      xhtml: `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="${novel.language}"><head><title>${xml(heading)}</title></head><body><h1>${xml(heading)}</h1>\n${image}${body}</body></html>`,
    };
  });
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:dm51:demo:${index}</dc:identifier>
    <dc:title>${xml(novel.title)}</dc:title>
    <dc:creator>${xml(novel.author)}</dc:creator>
    <dc:language>${novel.language}</dc:language>
    <dc:description>${xml(novel.summary)}</dc:description>
${novel.subjects.map((s) => `    <dc:subject>${xml(s)}</dc:subject>`).join('\n')}
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="images/cover.jpg" media-type="image/jpeg" properties="cover-image"/>
${chapters.map((_, i) => `    <item id="c${i + 1}" href="text/c${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join('\n')}
  </manifest>
  <spine>
${chapters.map((_, i) => `    <itemref idref="c${i + 1}"/>`).join('\n')}
  </spine>
</package>`;
  const nav = `<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${xml(novel.title)}</title></head><body><nav epub:type="toc"><ol>${chapters
    .map((c, i) => `<li><a href="text/c${i + 1}.xhtml">${xml(c.heading)}</a></li>`)
    .join('')}</ol></nav></body></html>`;
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    { name: 'OEBPS/nav.xhtml', data: Buffer.from(nav) },
    { name: 'OEBPS/images/cover.jpg', data: cover, store: true },
    ...chapters.map((c, i) => ({ name: `OEBPS/text/c${i + 1}.xhtml`, data: Buffer.from(c.xhtml) })),
  ]);
}

function txtBytes(novel: DemoNovel, index: number): Buffer {
  const lines = [novel.title, `作者：${novel.author}`, ''];
  for (let i = 0; i < novel.chapters; i++) {
    lines.push(
      chapterHeading(novel.language, i + 1),
      '',
      ...chapterParagraphs(novel, rng(index * 97 + i)).map((p) => `${IDEOGRAPHIC_INDENT}${p}`),
      '',
    );
  }
  const text = lines.join('\r\n');
  return novel.format === 'txt-gb18030' ? iconv.encode(text, 'gb18030') : Buffer.from(text, 'utf8');
}

async function writeNovel(root: string, novel: DemoNovel, index: number): Promise<void> {
  const folder = join(root, 'novels', novel.file);
  const target = join(folder, `${novel.file}.${novel.format === 'epub' ? 'epub' : 'txt'}`);
  if (!existsSync(target))
    await writeAtomic(
      target,
      novel.format === 'epub' ? await epubBytes(novel, index) : txtBytes(novel, index),
    );
  if (novel.finished && !existsSync(join(folder, '.complete')))
    await writeAtomic(join(folder, '.complete'), '');
  await writePayMarker(folder, novel);
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(FFMPEG_PATH, ['-v', 'error', '-y', ...args], { timeout: 120_000 }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

function srt(lines: string[], seconds: number): string {
  const stamp = (s: number) =>
    `00:00:${String(Math.floor(s)).padStart(2, '0')},${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
  const step = seconds / lines.length;
  return lines
    .map((line, i) => `${i + 1}\n${stamp(i * step)} --> ${stamp((i + 1) * step - 0.1)}\n${line}\n`)
    .join('\n');
}

async function writeAnime(root: string, anime: DemoAnime, index: number): Promise<void> {
  const folder = join(root, 'anime', anime.folder);
  const seconds = 4;
  const language = /[\u4e00-\u9fff]/.test(anime.title) ? 'zh' : 'en';
  // The pay marker goes first: an import that runs while the clips are being made then sees the
  // series' price from its first episode, and packages paid episodes encrypted from the start.
  await mkdir(folder, { recursive: true });
  await writePayMarker(folder, anime);
  for (let episode = 1; episode <= anime.episodes; episode++) {
    const base = `${anime.title} - ${String(episode).padStart(2, '0')}`;
    const video = join(folder, `${base}.mp4`);
    if (!existsSync(video)) {
      const size = '480x270';
      const source =
        anime.source === 'mandelbrot'
          ? `mandelbrot=size=${size}:rate=24`
          : anime.source === 'smptebars'
            ? `smptebars=size=${size}:rate=24`
            : `testsrc2=size=${size}:rate=24`;
      const partial = join(folder, `${base}.partial.mp4`);
      await mkdir(folder, { recursive: true });
      await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        source,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${anime.frequency + episode * 40}:duration=${seconds}`,
        '-vf',
        `hue=h=${anime.hue + episode * 30}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-movflags',
        '+faststart',
        '-t',
        String(seconds),
        partial,
      ]);
      await rename(partial, video);
    }
    const subtitle = join(folder, `${base}.${language}.srt`);
    if (!existsSync(subtitle)) await writeAtomic(subtitle, srt(anime.subtitle, seconds));
  }
  const poster = join(folder, 'poster.jpg');
  if (!existsSync(poster)) {
    await writeAtomic(
      poster,
      await renderPage({
        width: 600,
        height: 900,
        hue: anime.hue + 20,
        seed: 7000 + index,
        lines: [],
        title: anime.title,
      }),
    );
  }
  const nfo = join(folder, 'tvshow.nfo');
  if (!existsSync(nfo)) {
    await writeAtomic(
      nfo,
      `<?xml version="1.0" encoding="UTF-8"?>\n<tvshow>\n  <title>${xml(anime.title)}</title>\n  <plot>${xml(anime.plot)}</plot>\n${anime.genres
        .map((g) => `  <genre>${xml(g)}</genre>`)
        .join(
          '\n',
        )}\n  <status>${anime.finished ? 'Ended' : 'Continuing'}</status>\n  <rating>${(7.6 + ((index * 7) % 20) / 10).toFixed(1)}</rating>\n</tvshow>\n`,
    );
  }
}

export interface DemoOptions {
  /** Anime clips need ffmpeg; without it the demo has comics and novels only. */
  anime?: boolean;
}

/** Generates (or completes) the demo library at `root`. Returns false when it was already complete. */
export async function generateDemoLibrary(root: string, options: DemoOptions = {}): Promise<boolean> {
  const marker = join(root, MARKER);
  if (existsSync(marker) && (await readFile(marker, 'utf8')).trim() === VERSION) return false;
  await mkdir(root, { recursive: true });
  await inPairs([...DEMO_COMICS.entries()], ([i, comic]) => writeComic(root, comic, i));
  for (const [i, novel] of DEMO_NOVELS.entries()) await writeNovel(root, novel, i);
  if ((options.anime ?? true) && hasFfmpeg()) {
    for (const [i, anime] of DEMO_ANIME.entries()) {
      // A clip ffmpeg cannot make (a build without a filter) costs that series, not the demo.
      await writeAnime(root, anime, i).catch(() => undefined);
    }
  }
  await writeAtomic(marker, VERSION);
  return true;
}
