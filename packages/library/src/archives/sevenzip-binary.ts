import { execFile, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sevenBin from '7zip-bin';
import { LibraryError } from '../errors.js';

let resolved: string | null = null;

/**
 * The 7za binary shipped inside the `7zip-bin` npm package. npm does not keep its execute bit,
 * so we set it, or, where node_modules is read-only, run a copy from the temp folder.
 */
export function sevenZipPath(): string {
  if (resolved) return resolved;
  const shipped = sevenBin.path7za;
  if (isExecutable(shipped)) return (resolved = shipped);
  try {
    chmodSync(shipped, 0o755);
    if (isExecutable(shipped)) return (resolved = shipped);
  } catch {
    // fall through to a private copy
  }
  const dir = join(tmpdir(), 'dm51-7za');
  const copy = join(dir, '7za');
  if (!existsSync(copy)) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(shipped, copy);
  }
  chmodSync(copy, 0o755);
  return (resolved = copy);
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// A fixed wrong password: without -p, 7-Zip would wait on stdin for one when it meets encryption.
const NO_PROMPT = '-pdm51-no-password';
const ENV = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

/** Runs `7za l -slt` (headers only, nothing decompressed) and returns its stdout. */
export function listWith7z(archive: string, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      sevenZipPath(),
      ['l', '-slt', '-bd', NO_PROMPT, '--', archive],
      { env: ENV, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(classify7zError(`${stdout}\n${stderr}`, error.message));
        else resolve(stdout);
      },
    );
  });
}

/**
 * Extracts one entry to a pipe. -spd turns off wildcard matching so names holding `*`, `?` or `[`
 * match literally. We kill 7za once maxBytes is passed, so a lying index cannot fill memory.
 */
export function extractWith7z(
  archive: string,
  name: string,
  maxBytes: number,
  timeoutMs = 60_000,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(sevenZipPath(), ['x', '-so', '-spd', '-bd', '-y', NO_PROMPT, '--', archive, name], {
      env: ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    const chunks: Buffer[] = [];
    let total = 0;
    let stderr = '';
    let failure: LibraryError | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        failure ??= new LibraryError('limit', `${name} is larger than the ${maxBytes} byte read limit`);
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (e) =>
      reject(new LibraryError('unsupported', `cannot run 7-Zip: ${e.message}`, { cause: e })),
    );
    child.on('close', (code) => {
      if (failure) return reject(failure);
      if (code !== 0) return reject(classify7zError(stderr, `7-Zip exited with ${code}`));
      resolve(Buffer.concat(chunks, total));
    });
  });
}

function classify7zError(output: string, fallback: string): LibraryError {
  if (/wrong password|encrypted|Can not open encrypted archive/i.test(output)) {
    return new LibraryError('encrypted', 'encrypted archive');
  }
  if (/Unsupported Method/i.test(output)) {
    return new LibraryError('unsupported', 'unsupported archive: compression method not supported by 7-Zip');
  }
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) =>
      /^(ERROR|Error|Errors?:)|Can not open|Unexpected end|Data Error|CRC Failed|Headers Error/.test(l),
    );
  return new LibraryError('corrupt', `corrupt archive: ${line ?? fallback}`);
}
