/**
 * The docs are true of the repository: every relative link in README.md and docs/ leads to a file
 * that exists, every `npm run` script they name exists, and the configuration reference lists
 * exactly the environment variables the server reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../packages/server/src/config.js';
import { loadTaskConfig } from '../packages/server/src/services/task-config.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIGURATION_REFERENCE = join(ROOT, 'docs/reference/configuration.md');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const DOCS = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** The text outside fenced code blocks, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Relative link targets: [text](target), ![alt](target), <img src="target">, [id]: target. */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!),
  ];
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.split('#')[0]!));
}

interface PackageJson {
  name?: string;
  scripts?: Record<string, string>;
  workspaces?: string[];
}

const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
/** Each workspace's scripts, by its folder and by its package name (`-w @dm51/bench` or `-w bench`). */
const workspaceScripts = new Map<string, Record<string, string>>();
for (const folder of rootPackage.workspaces ?? []) {
  const pkg = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as PackageJson;
  for (const key of [folder, folder.split('/').at(-1)!, pkg.name ?? folder])
    workspaceScripts.set(key, pkg.scripts ?? {});
}

/**
 * `npm run <script>` with its workspace when one is named, before or after the script
 * (`npm run -w x s`, `npm run s -w x`, `--workspace=x`); what follows `--` is the script's own.
 */
function npmRuns(markdown: string): { script: string; workspace: string | null }[] {
  const runs: { script: string; workspace: string | null }[] = [];
  for (const m of markdown.matchAll(/npm run\b([^\n`|)]*)/g)) {
    const tokens = m[1]!.trim().split(/\s+/).filter(Boolean);
    let workspace: string | null = null;
    let script: string | null = null;
    for (let i = 0; i < tokens.length && tokens[i] !== '--'; i++) {
      const token = tokens[i]!;
      if (token === '-w' || token === '--workspace') workspace = tokens[++i] ?? null;
      else if (token.startsWith('--workspace=')) workspace = token.slice('--workspace='.length);
      else if (!token.startsWith('-')) script ??= token;
    }
    if (script && /^[\w:.-]+$/.test(script)) runs.push({ script, workspace });
  }
  return runs;
}

describe('the docs', () => {
  it('are found: the README and the pages under docs/', () => {
    expect(DOCS.length).toBeGreaterThan(10);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        const path = target.startsWith('/') ? join(ROOT, target) : resolve(dirname(file), target);
        if (!existsSync(path)) broken.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only npm scripts that exist', () => {
    const unknown: string[] = [];
    for (const file of DOCS) {
      for (const { script, workspace } of npmRuns(readFileSync(file, 'utf8'))) {
        const scripts = workspace ? workspaceScripts.get(workspace) : rootPackage.scripts;
        if (!scripts?.[script])
          unknown.push(`${relative(ROOT, file)}: npm run ${script}${workspace ? ` -w ${workspace}` : ''}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

/**
 * Every variable name the configuration asks the environment for, found by running the loaders on
 * an environment that records each name read. Some names are read only once another has a value
 * (the S3 settings once MEDIA_STORE is s3): the profiles below set those switches.
 */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const profiles: Record<string, string>[] = [
    {},
    { MEDIA_STORE: 's3', S3_BUCKET: 'media' },
    { ANALYTICS_FORWARD: 'posthog', ANALYTICS_FORWARD_URL: 'http://127.0.0.1:1', ANALYTICS_FORWARD_KEY: 'k' },
    { AI_IMAGE_PROVIDER: 'openai', AI_OPENAI_API_KEY: 'k' },
    { AI_IMAGE_PROVIDER: 'comfyui', AI_COMFYUI_URL: 'http://127.0.0.1:1' },
    { DM51_TEST_CLOCK: '1' },
  ];
  for (const profile of profiles) {
    const env = new Proxy(profile, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return Reflect.get(target, name);
      },
      has(target, name) {
        if (typeof name === 'string') read.add(name);
        return Reflect.has(target, name);
      },
    });
    try {
      loadConfig(env);
    } catch {
      // A profile whose switch needs more settings still shows which names it asked for.
    }
    loadTaskConfig(env);
  }
  return read;
}

/** Names the server reads from its environment outside the configuration loaders (`env['X']`). */
function processEnvReads(): Set<string> {
  const names = new Set<string>();
  for (const pkg of ['packages/server/src', 'packages/library/src']) {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return name === 'testing' ? [] : walk(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    for (const file of walk(join(ROOT, pkg)))
      for (const m of readFileSync(file, 'utf8').matchAll(
        /\benv(?:\['([A-Z][A-Z0-9_]*)'\]|\.([A-Z][A-Z0-9_]*))/g,
      ))
        names.add((m[1] ?? m[2])!);
  }
  return names;
}

/**
 * Hooks for the test suites, never set by an operator, and names the loaders look up that are not
 * settings (a Proxy also sees a few of JavaScript's own property names).
 */
const NOT_SETTINGS = new Set([
  'DM51_TEST_CLOCK', // lets the browser tests move the daily-task clock
  'TASK_CLOCK_OFFSET_FILE', // the file that clock reads, only with DM51_TEST_CLOCK=1
  'DM51_LOCK_PROCESS_ID', // the import lock's id for this process, set by the process itself
  'NODE_ENV', // only guards the test-only password cost
]);

describe('the configuration reference', () => {
  it('lists exactly the variables the server reads', () => {
    const documented = [
      ...readFileSync(CONFIGURATION_REFERENCE, 'utf8').matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`/gm),
    ].map((m) => m[1]!);
    const read = new Set(
      [...variablesRead(), ...processEnvReads()].filter(
        (name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !NOT_SETTINGS.has(name),
      ),
    );
    expect(documented.length, 'each variable has one row').toBe(new Set(documented).size);
    expect({
      readButNotDocumented: [...read].filter((name) => !documented.includes(name)).sort(),
      documentedButNotRead: documented.filter((name) => !read.has(name)).sort(),
    }).toEqual({ readButNotDocumented: [], documentedButNotRead: [] });
  });
});
