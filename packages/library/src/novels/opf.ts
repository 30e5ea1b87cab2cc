import { htmlToText } from './xhtml.js';
import { attr, child, children, textOf, xmlParser, type XmlNode } from './xml.js';
import { resolveHref } from './epub-paths.js';

export interface EpubCreator {
  name: string;
  /** MARC relator code (aut, edt, ill, trl...), null when the file gives none. */
  role: string | null;
  fileAs: string | null;
}

export interface EpubMetadata {
  title: string | null;
  creators: EpubCreator[];
  /** Creators whose role is author or not given. */
  authors: string[];
  language: string | null;
  /** Plain text: calibre stores escaped HTML here; it is decoded and stripped, never rendered. */
  description: string | null;
  subjects: string[];
  publisher: string | null;
  date: string | null;
  identifiers: string[];
  series: { name: string; index: string | null } | null;
}

export interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
}

export interface OpfPackage {
  version: string | null;
  metadata: EpubMetadata;
  manifest: Map<string, ManifestItem>;
  spine: { item: ManifestItem; linear: boolean }[];
  direction: 'ltr' | 'rtl' | null;
  layout: 'reflowable' | 'pre-paginated';
  coverImage: string | null;
  navPath: string | null;
  ncxPath: string | null;
  /** EPUB 2 `<guide>` reference types by archive path (cover, title-page, toc, text...). */
  guide: Map<string, string>;
}

/** Parses an OPF package document (EPUB 2 or 3) found at `opfPath` inside the archive. */
export function parseOpf(xml: string, opfPath: string): OpfPackage {
  const doc = xmlParser.parse(xml) as XmlNode;
  const pkg = child(doc, 'package');
  if (!pkg) throw new Error('no <package> element');
  const meta = child(pkg, 'metadata') ?? {};
  const metas = children(meta, 'meta');
  const refines = refinementsById(metas);

  const manifest = new Map<string, ManifestItem>();
  for (const item of children(child(pkg, 'manifest'), 'item')) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    const path = href ? resolveHref(opfPath, href) : null;
    if (!id || !path) continue;
    manifest.set(id, {
      id,
      path,
      mediaType: attr(item, 'media-type') ?? '',
      properties: (attr(item, 'properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }
  const spineNode = child(pkg, 'spine');
  const spine = children(spineNode, 'itemref').flatMap((ref) => {
    const item = manifest.get(attr(ref, 'idref') ?? '');
    return item ? [{ item, linear: attr(ref, 'linear') !== 'no' }] : [];
  });
  const direction = attr(spineNode, 'page-progression-direction');
  const layout = metas.find((m) => attr(m, 'property') === 'rendition:layout');
  const items = [...manifest.values()];
  const ncxId = attr(spineNode, 'toc');
  const guide = new Map<string, string>();
  for (const ref of children(child(pkg, 'guide'), 'reference')) {
    const href = attr(ref, 'href');
    const path = href ? resolveHref(opfPath, href) : null;
    const type = attr(ref, 'type')?.toLowerCase();
    if (path && type && !guide.has(path)) guide.set(path, type);
  }

  return {
    version: attr(pkg, 'version'),
    metadata: readMetadata(meta, metas, refines),
    manifest,
    spine,
    direction: direction === 'rtl' || direction === 'ltr' ? direction : null,
    layout: textOf(layout) === 'pre-paginated' ? 'pre-paginated' : 'reflowable',
    coverImage: findCover(items, metas, manifest),
    navPath: items.find((i) => i.properties.includes('nav'))?.path ?? null,
    ncxPath:
      (ncxId ? manifest.get(ncxId)?.path : undefined) ??
      items.find((i) => i.mediaType === 'application/x-dtbncx+xml')?.path ??
      null,
    guide,
  };
}

function readMetadata(meta: XmlNode, metas: XmlNode[], refines: Map<string, XmlNode[]>): EpubMetadata {
  const texts = (name: string) =>
    children(meta, name)
      .map(textOf)
      .filter((t): t is string => t !== null);
  const refined = (id: string | null, property: string) =>
    textOf((id ? refines.get(id) : undefined)?.find((m) => attr(m, 'property') === property));
  const creatorCount = children(meta, 'creator').length;
  const creators = [...children(meta, 'creator'), ...children(meta, 'contributor')].flatMap((c, i) => {
    const name = textOf(c);
    if (!name) return [];
    const id = attr(c, 'id');
    // A dc:contributor without a role is not an author.
    const role = attr(c, 'role') ?? refined(id, 'role') ?? (i >= creatorCount ? 'ctb' : null);
    return [{ name, role, fileAs: attr(c, 'file-as') ?? refined(id, 'file-as') }];
  });
  const description = texts('description')[0];
  return {
    title: texts('title')[0] ?? null,
    creators,
    authors: creators.filter((c) => c.role === null || c.role === 'aut').map((c) => c.name),
    language: texts('language')[0] ?? null,
    description: description ? htmlToText(description) || null : null,
    subjects: [...new Set(texts('subject'))],
    publisher: texts('publisher')[0] ?? null,
    date: texts('date')[0] ?? null,
    identifiers: texts('identifier'),
    series: readSeries(metas, refines),
  };
}

/**
 * Series from EPUB 3 `belongs-to-collection` (+ `group-position`) or calibre's
 * `calibre:series` / `calibre:series_index` (EPUB 2 name/content metas).
 */
function readSeries(metas: XmlNode[], refines: Map<string, XmlNode[]>): EpubMetadata['series'] {
  const collection = metas.find((m) => attr(m, 'property') === 'belongs-to-collection');
  const name = textOf(collection);
  if (collection && name) {
    const id = attr(collection, 'id');
    const position = (id ? refines.get(id) : undefined)?.find(
      (m) => attr(m, 'property') === 'group-position',
    );
    return { name, index: textOf(position) };
  }
  const calibre = metas.find((m) => attr(m, 'name') === 'calibre:series');
  const calibreName = attr(calibre, 'content');
  if (calibreName) {
    return {
      name: calibreName,
      index: attr(
        metas.find((m) => attr(m, 'name') === 'calibre:series_index'),
        'content',
      ),
    };
  }
  return null;
}

function refinementsById(metas: XmlNode[]): Map<string, XmlNode[]> {
  const map = new Map<string, XmlNode[]>();
  for (const m of metas) {
    const target = attr(m, 'refines');
    if (!target?.startsWith('#')) continue;
    const id = target.slice(1);
    map.set(id, [...(map.get(id) ?? []), m]);
  }
  return map;
}

/** EPUB 3 `cover-image` property, else EPUB 2 `<meta name="cover">`, else an image named cover. */
function findCover(
  items: ManifestItem[],
  metas: XmlNode[],
  manifest: Map<string, ManifestItem>,
): string | null {
  const byProperty = items.find((i) => i.properties.includes('cover-image'));
  if (byProperty) return byProperty.path;
  const coverId = attr(
    metas.find((m) => attr(m, 'name') === 'cover'),
    'content',
  );
  const byMeta = coverId ? manifest.get(coverId) : undefined;
  if (byMeta?.mediaType.startsWith('image/')) return byMeta.path;
  return items.find((i) => i.mediaType.startsWith('image/') && /cover/i.test(i.id + i.path))?.path ?? null;
}
