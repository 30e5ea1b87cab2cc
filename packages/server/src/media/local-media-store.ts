/** The default media store: files under DATA_DIR/media, written via a temp file and a rename. */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { assertMediaKey } from './media-key.js';
import type { MediaObjectInfo, MediaStore } from './media-store.js';

const TEMP_SUFFIX = '.tmp';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class LocalMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertMediaKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    if (await this.stat(key)) return;
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      // Flushed before the rename, so a crash never leaves a complete-looking but truncated file.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    if (!(await this.stat(key))) return null;
    return createReadStream(this.pathOf(key), range);
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *keys(prefix = ''): AsyncIterable<string> {
    if (prefix.split('/').includes('..'))
      throw new RangeError(`invalid media key prefix: ${JSON.stringify(prefix)}`);
    // Only the folder the prefix names is walked (hls/<chapter>/<token>/ when a transcode is replaced).
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    for await (const key of this.walk(join(this.root, folder))) if (key.startsWith(prefix)) yield key;
  }

  /** Removes temp files a crash left behind mid-write. */
  async removeStaleTempFiles(): Promise<number> {
    let removed = 0;
    for await (const path of this.walkFiles(this.root)) {
      if (path.endsWith(TEMP_SUFFIX)) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private async *walk(dir: string): AsyncIterable<string> {
    for await (const path of this.walkFiles(dir)) {
      if (!path.endsWith(TEMP_SUFFIX)) yield relative(this.root, path).split(sep).join('/');
    }
  }

  private async *walkFiles(dir: string): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walkFiles(path);
      else if (entry.isFile()) yield path;
    }
  }
}
