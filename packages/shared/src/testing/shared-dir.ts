import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's shared/ folder (spec, protocol vectors, test corpus). It sits beside the repository
 * checkout; SHARED_DIR overrides. Tests read it by path and never copy it into the project.
 */
export function sharedDir(): string {
  const fromEnv = process.env['SHARED_DIR'];
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dir = fromEnv ? resolve(fromEnv) : resolve(repoRoot, '../shared');
  if (!existsSync(resolve(dir, 'guide/protocol-vectors.json'))) {
    throw new Error(`shared/ folder not found at ${dir}; set SHARED_DIR to its path`);
  }
  return dir;
}

export interface ProtocolVector {
  key: string;
  iv: string;
  plaintext: string;
  wire: string;
}
