/**
 * `_xfile` images: every byte XORed with one key byte. The same function encodes and decodes.
 * Paths look like `.../p003_xfile.jpg`.
 */
const XFILE_PATH = /_xfile\.(jpe?g|png|webp|gif|avif)(\?.*)?$/i;

export function isXfilePath(path: string): boolean {
  return XFILE_PATH.test(path);
}

export function assertXorKey(key: number): void {
  if (!Number.isInteger(key) || key < 0 || key > 255) {
    throw new RangeError('XOR image key must be an integer from 0 to 255');
  }
}

export function xorBytes(bytes: Uint8Array, key: number): Uint8Array {
  assertXorKey(key);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i]! ^ key;
  return out;
}
