import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enLaunch } from './locales/en-launch';
import { enRest } from './locales/en-rest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What renders before the rest of English has loaded: the entry module, the entry page, home, the readers. */
const LAUNCH_ROOTS = [
  'main.tsx',
  'routes/entry/EntryPage.tsx',
  'routes/home/HomePage.tsx',
  'routes/anime/AnimeSection.tsx',
  // The shell's extras (the floating ad) render on home without waiting for the rest of English.
  'routes/ShellExtras.tsx',
  // A shared chapter link lands in a reader, which does not wait for it either (routes/pages.ts).
  'routes/cartoon/ReaderPage.tsx',
  'routes/novel/ReaderPage.tsx',
];

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** Every source file the roots import statically (dynamic imports load later, after the rest). */
function launchFiles(): string[] {
  const seen = new Set<string>();
  const queue = LAUNCH_ROOTS.map((root) => join(SRC, root));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || file.endsWith('.test.ts')) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import[^;]*?from '(\.[^']+)';/gms)) {
      const next = resolveImport(file, match[1]!);
      if (next) queue.push(next);
    }
  }
  return [...seen];
}

/** The message sections a file names in t('section.key') or t(`section.${…}`) calls. */
function sectionsUsed(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)].map((match) => match[1]!);
}

describe('the launch screens’ English', () => {
  it('has every section the entry page, home, the readers and the shell use, so none shows a raw key', () => {
    const files = launchFiles();
    expect(files.some((file) => file.endsWith('HomeFeed.tsx'))).toBe(true);
    const missing = files.flatMap((file) =>
      sectionsUsed(file)
        .filter((section) => !(section in enLaunch))
        .map((section) => `${file.slice(SRC.length + 1)}: ${section}`),
    );
    expect(missing).toEqual([]);
  });

  it('splits English into two parts with no section in both', () => {
    const shared = Object.keys(enLaunch).filter((section) => section in enRest);
    expect(shared).toEqual([]);
  });
});
