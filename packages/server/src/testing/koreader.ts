/**
 * KOReader's partial MD5 of a file, computed by the shell rather than by the server's code, for
 * known-answer tests: dd reads 1 KiB at offset 0 and at 1024·4^i (i = 0…10) while the offset falls
 * inside the file, and md5sum hashes what they print.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function shellPartialMd5(path: string): string {
  const script = `size=$(stat -c %s "$1"); { dd if="$1" bs=1024 count=1 status=none;
    for i in 0 1 2 3 4 5 6 7 8 9 10; do off=$((1024 << (2 * i))); [ "$off" -lt "$size" ] || break;
    dd if="$1" bs=1 skip="$off" count=1024 status=none iflag=skip_bytes,count_bytes; done; } | md5sum | cut -c1-32`;
  return execFileSync('bash', ['-c', script, 'partial-md5', path], { encoding: 'utf8' }).trim();
}

/** The same for bytes (a download), written to a file in `dir` first. */
export function shellPartialMd5Of(data: Buffer, dir: string): string {
  const path = join(dir, `${createHash('sha1').update(data).digest('hex')}.bin`);
  writeFileSync(path, data);
  return shellPartialMd5(path);
}
