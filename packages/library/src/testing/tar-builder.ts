/**
 * Hand-made tar headers for tests, including the hostile ones no tar tool writes (`../` and
 * absolute names, sizes that lie, bad checksums). Real tars come from the system `tar`.
 */
export interface TarInput {
  name: string;
  data?: Buffer;
  /** Type flag: '0' file (default), '1' hard link, '2' symlink, '3' device, '5' folder, 'S'... */
  type?: string;
  linkName?: string;
  /** Size written in the header instead of the data's length (a lie); base-256 past 8 GiB. */
  declaredSize?: number;
  /** A pax extended header ('x') before this entry. */
  pax?: Record<string, string>;
  /** A GNU long-name header ('L') before this entry, holding the whole name. */
  gnuLongName?: boolean;
  /** Raw header name bytes (a legacy code page), instead of `name` in UTF-8. */
  rawName?: Buffer;
  dialect?: 'posix' | 'gnu' | 'v7';
}

const BLOCK = 512;

export function buildTar(files: readonly TarInput[], options: { end?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const data = file.data ?? Buffer.alloc(0);
    if (file.pax) {
      const body = Buffer.from(
        Object.entries(file.pax)
          .map(([k, v]) => paxRecord(k, v))
          .join(''),
      );
      parts.push(header({ name: 'PaxHeaders/x', type: 'x' }, body.length), pad(body));
    }
    if (file.gnuLongName) {
      const body = Buffer.from(`${file.name}\0`);
      parts.push(header({ name: '././@LongLink', type: 'L', dialect: 'gnu' }, body.length), pad(body));
    }
    parts.push(header(file, file.declaredSize ?? data.length), pad(data));
  }
  if (options.end !== false) parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

function header(file: TarInput, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  (file.rawName ?? Buffer.from(file.name)).copy(block, 0, 0, 100);
  block.write('0000644\0', 100, 'latin1');
  block.write('0001750\0', 108, 'latin1');
  block.write('0001750\0', 116, 'latin1');
  if (size < 8 ** 11) {
    block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  } else {
    // GNU base-256: top bit set, big-endian value in the rest of the field.
    let rest = BigInt(size);
    for (let i = 135; i > 124; i--) {
      block[i] = Number(rest & 0xffn);
      rest >>= 8n;
    }
    block[124] = 0x80;
  }
  block.write('14671234567\0', 136, 'latin1');
  block.write(file.type ?? '0', 156, 'latin1');
  if (file.linkName) block.write(file.linkName, 157, 'utf8');
  const dialect = file.dialect ?? 'posix';
  if (dialect === 'posix') block.write('ustar\u000000', 257, 'latin1');
  if (dialect === 'gnu') block.write('ustar  \0', 257, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of block) sum += b;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

function pad(data: Buffer): Buffer {
  const rest = data.length % BLOCK;
  return rest === 0 ? data : Buffer.concat([data, Buffer.alloc(BLOCK - rest)]);
}
