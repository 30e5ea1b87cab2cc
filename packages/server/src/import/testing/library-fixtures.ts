/**
 * Builders for real-world-shaped library files in tests: CBZ and CBT with real images and ComicInfo,
 * EPUB 3 with a nav and an image, TXT in legacy encodings, videos from ffmpeg test sources.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildZip, type ZipInput } from '@dm51/library';
import sharp from 'sharp';

export async function pngPage(width = 60, height = 90, hue = 0): Promise<Buffer> {
  const r = (hue * 53) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 255 - r } } })
    .png()
    .toBuffer();
}

export function comicInfoXml(fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([k, v]) => `  <${k}>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${k}>`)
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo>\n${body}\n</ComicInfo>\n`;
}

export interface ComicFileOptions {
  pages?: number;
  info?: Record<string, string>;
  extra?: ZipInput[];
  size?: [number, number];
}

/** A comic's files: ComicInfo.xml (when given), pages p001.png... and the extra entries. */
async function comicFiles(options: ComicFileOptions): Promise<ZipInput[]> {
  const files: ZipInput[] = [];
  if (options.info) files.push({ name: 'ComicInfo.xml', data: Buffer.from(comicInfoXml(options.info)) });
  for (let i = 1; i <= (options.pages ?? 3); i++) {
    const [w, h] = options.size ?? [60, 90];
    files.push({ name: `p${String(i).padStart(3, '0')}.png`, data: await pngPage(w, h, i), store: true });
  }
  files.push(...(options.extra ?? []));
  return files;
}

export async function writeCbz(path: string, options: ComicFileOptions = {}): Promise<void> {
  const files = await comicFiles(options);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, buildZip(files));
}

/** The same comic as a tar (CBT), written by the system's GNU tar in `format` (gnu, pax, ustar). */
export async function writeCbt(path: string, options: ComicFileOptions = {}, format = 'gnu'): Promise<void> {
  const files = await comicFiles(options);
  const staging = mkdtempSync(join(tmpdir(), 'dm51-cbt-'));
  try {
    for (const file of files) {
      mkdirSync(dirname(join(staging, file.name)), { recursive: true });
      writeFileSync(join(staging, file.name), file.data ?? Buffer.alloc(0));
    }
    mkdirSync(dirname(path), { recursive: true });
    execFileSync('tar', [`--format=${format}`, '-cf', path, '-C', staging, ...files.map((f) => f.name)]);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export async function writeEpub(
  path: string,
  book: {
    title: string;
    author: string;
    language?: string;
    subjects?: string[];
    rtl?: boolean;
    chapters: { title: string; body: string }[];
    series?: [string, string];
  },
): Promise<void> {
  const image = await pngPage(40, 60, 7);
  const items = book.chapters
    .map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`)
    .join('');
  const refs = book.chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  const nav = book.chapters.map((c, i) => `<li><a href="c${i}.xhtml">${c.title}</a></li>`).join('');
  const series = book.series
    ? `<meta property="belongs-to-collection" id="s">${book.series[0]}</meta><meta refines="#s" property="group-position">${book.series[1]}</meta>`
    : '';
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:test:${book.title}</dc:identifier>
<dc:title>${book.title}</dc:title><dc:creator>${book.author}</dc:creator><dc:language>${book.language ?? 'en'}</dc:language>
${(book.subjects ?? []).map((s) => `<dc:subject>${s}</dc:subject>`).join('')}<dc:description>About ${book.title}.</dc:description>${series}</metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="cover" href="cover.png" media-type="image/png" properties="cover-image"/>${items}</manifest>
<spine${book.rtl ? ' page-progression-direction="rtl"' : ''}>${refs}</spine></package>`;
  const files: ZipInput[] = [
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), store: true },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    {
      name: 'OEBPS/nav.xhtml',
      data: Buffer.from(
        `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>${nav}</ol></nav></body></html>`,
      ),
    },
    { name: 'OEBPS/cover.png', data: image, store: true },
    ...book.chapters.map((c, i) => ({
      name: `OEBPS/c${i}.xhtml`,
      data: Buffer.from(
        `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${c.title}</title></head><body><h1>${c.title}</h1>${i === 0 ? '<p><img src="cover.png" alt="cover"/></p>' : ''}${c.body}</body></html>`,
      ),
    })),
  ];
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, buildZip(files));
}

export function writeVideo(path: string, seconds = 2): void {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=160x120:rate=10:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      path,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
}

/** Path of a file in the shared real-world corpus (../shared/corpus beside the checkout; SHARED_DIR overrides). */
export function corpusPath(relative: string): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const shared = process.env['SHARED_DIR']
    ? resolve(process.env['SHARED_DIR'])
    : resolve(repoRoot, '../shared');
  const corpus = resolve(shared, 'corpus');
  if (!existsSync(corpus)) throw new Error(`test corpus not found at ${corpus}; set SHARED_DIR`);
  return resolve(corpus, relative);
}

export { join };
