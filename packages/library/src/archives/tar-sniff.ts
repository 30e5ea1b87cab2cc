/** Tar is a sequence of 512-byte blocks: a header, then the entry's data padded to a block. */
export const TAR_BLOCK = 512;

/**
 * Whether `head` opens with a tar header. Tar has no leading magic: the header's checksum must
 * match (summed as unsigned or, as some old writers did, signed bytes: GNU tar accepts both), and a
 * pre-POSIX header (no `ustar` magic at byte 257) must also name a plain entry type, so a text or
 * image file that happens to fit does not pass. Reading the archive is tar-stream's job.
 */
export function sniffTar(head: Uint8Array): boolean {
  if (head.length < TAR_BLOCK) return false;
  const block = Buffer.from(head.buffer, head.byteOffset, TAR_BLOCK);
  if (block.every((b) => b === 0)) return false;
  const stored = octal(block.subarray(148, 156));
  if (stored === null || !checksumMatches(block, stored)) return false;
  if (block.subarray(257, 262).toString('latin1') === 'ustar') return true;
  const nameLength = block.indexOf(0);
  const type = block[156] ?? 0;
  return nameLength !== 0 && (type === 0 || (type >= 0x30 && type <= 0x37));
}

function checksumMatches(block: Buffer, stored: number): boolean {
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < TAR_BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

/** An octal field ended by NUL or space; null when it holds anything else. */
function octal(field: Buffer): number | null {
  const text = field.toString('latin1').replace(/\0.*$/s, '').trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : null;
}
