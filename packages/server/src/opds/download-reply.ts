/**
 * How an OPDS download (a CBZ, an EPUB) is answered once the route has checked the token and the
 * chapter's lock and holds the file's bytes: as a whole, or as the byte range asked for, so an
 * e-reader can resume a broken download (RFC 9110 §14). The bytes are the same every time for the
 * same content, so a strong ETag (a hash of them) tells the client whether its half-downloaded
 * copy is still the file: `If-Range` with that ETag gets the rest (206), with any other the whole
 * file again (200); `If-None-Match` with it gets 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { SyncTarget } from '../kosync/sync-documents.repository.js';

export interface Download {
  data: Buffer;
  /** The file name offered to the client. */
  name: string;
  type: string;
  /** When the content last changed (Unix seconds): Last-Modified, when known. */
  modified?: number;
  /**
   * What KOReader's progress sync should know this file as (kosync/): the catalogue place it
   * holds, and the entry's title and authors KOReader names a downloaded file by.
   */
  sync?: { target: SyncTarget; title: string; authors: string[] };
}

/** An attachment name that survives any header: ASCII fallback plus the UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function strongEtag(data: Buffer): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;
}

/** The entity tags of an If-None-Match header (`*` matches any). */
function etagList(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

export function sendDownload(request: FastifyRequest, reply: FastifyReply, download: Download) {
  const { data } = download;
  const etag = strongEtag(data);
  reply
    .type(download.type)
    .header('content-disposition', attachment(download.name))
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    // Per account (what is locked differs), so never in a shared cache.
    .header('cache-control', 'private, no-cache');
  if (download.modified !== undefined && download.modified > 0)
    reply.header('last-modified', new Date(download.modified * 1000).toUTCString());

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && etagList(ifNoneMatch).some((tag) => tag === '*' || tag === etag))
    return reply.status(304).send();

  const rangeHeader = request.headers.range;
  // If-Range carrying anything but this file's ETag means the client's copy is another file: send
  // it whole. (Dates are not compared: a strong validator is required for ranges of generated files.)
  const ifRange = request.headers['if-range'];
  if (rangeHeader && (ifRange === undefined || ifRange === etag)) {
    const ranges = parseRange(data.length, rangeHeader, { combine: true });
    if (ranges === -1) return reply.status(416).header('content-range', `bytes */${data.length}`).send();
    // Malformed headers (-2), other units and several ranges fall back to the whole file, as
    // RFC 9110 allows (a server may ignore Range).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${data.length}`)
        .send(data.subarray(start, end + 1));
    }
  }
  return reply.send(data);
}
