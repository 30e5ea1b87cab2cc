import { mediaUrl } from '../media-url';

/** The page images of a comic chapter's answer, as the reader fetches them. */
export function comicFiles(payload: { pages: readonly { url: string }[] }): string[] {
  return payload.pages.map((page) => mediaUrl(page.url)).filter((url) => url !== '');
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)')/gi;

/** The images of a novel chapter's sanitised HTML ('/media/<key>' paths), as the reader shows them. */
export function novelFiles(payload: { html: string }): string[] {
  const urls = new Set<string>();
  for (const match of payload.html.matchAll(IMG_SRC)) {
    const src = (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&');
    const url = mediaUrl(src);
    if (url !== '' && !url.startsWith('data:')) urls.add(url);
  }
  return [...urls];
}
