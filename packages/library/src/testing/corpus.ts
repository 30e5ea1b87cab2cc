import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Path of a file in the shared real-world corpus (shared/corpus beside the repository checkout;
 * SHARED_DIR overrides). Tests read it in place and never copy it into the project.
 */
export function corpusPath(relative: string): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const shared = process.env['SHARED_DIR']
    ? resolve(process.env['SHARED_DIR'])
    : resolve(repoRoot, '../shared');
  const corpus = resolve(shared, 'corpus');
  if (!existsSync(corpus)) throw new Error(`test corpus not found at ${corpus}; set SHARED_DIR`);
  return resolve(corpus, relative);
}
