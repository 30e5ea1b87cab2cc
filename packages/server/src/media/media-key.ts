import { createHash } from 'node:crypto';

/** Safe relative keys only: lowercase path segments of [a-z0-9_.-], no '..', no leading slash. */
const KEY_PATTERN = /^(?:[a-z0-9_-][a-z0-9_.-]*\/)*[a-z0-9_-][a-z0-9_.-]*$/;

export function isValidMediaKey(key: string): boolean {
  return key.length <= 255 && KEY_PATTERN.test(key) && !key.split('/').includes('..');
}

export function assertMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new RangeError(`invalid media key: ${JSON.stringify(key)}`);
}

/**
 * The content-hashed key for stored bytes: `ab/cd/<sha256>[_xfile].<ext>`. `xfile` marks objects
 * stored XOR-encoded (protocol.md, "Encrypted images"); the hash is of the stored bytes.
 */
export function contentMediaKey(stored: Uint8Array, extension: string, options: { xfile: boolean }): string {
  const hash = createHash('sha256').update(stored).digest('hex');
  const ext = extension.replace(/^\./, '').toLowerCase();
  const key = `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}${options.xfile ? '_xfile' : ''}.${ext}`;
  assertMediaKey(key);
  return key;
}

/** The public URL path of a media key; clients resolve it against the API host. */
export function mediaUrlPath(key: string): string {
  return key === '' ? '' : `/media/${key}`;
}
