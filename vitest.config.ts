import { defineConfig } from 'vitest/config';

/**
 * One Vitest run with a project per tier. The server project reads DATABASE_URL: unset runs it on
 * SQLite, a postgres:// URL runs the same suite on PostgreSQL (scripts/test-all.mjs runs both).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'shared', root: 'packages/shared', environment: 'node' },
      },
      {
        // The server runs in Vite's SSR environment, which takes its conditions from ssr.resolve.
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 20_000,
          // Building or closing an app on a busy PostgreSQL (a schema of ~50 tables created or
          // dropped while the other workers do the same) took over the default 10 s in a full run.
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { conditions: ['source'] },
        test: { name: 'library', root: 'packages/library', environment: 'node', testTimeout: 30_000 },
      },
      {
        resolve: { conditions: ['source'] },
        test: { name: 'web', root: 'packages/web', environment: 'node' },
      },
      {
        // Repository checks: the docs against the code (scripts/docs.test.ts).
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: { name: 'repository', root: 'scripts', environment: 'node' },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          // E2E_FILES (comma-separated names) runs exactly those files: a name given on the command
          // line is a substring filter, and 'catalogue.e2e.test.ts' would take in its console twin.
          ...(process.env['E2E_FILES'] ? { include: process.env['E2E_FILES'].split(',') } : {}),
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          setupFiles: ['support/failure-report.ts'],
          // No per-test retry: the full run (scripts/test-all.mjs) runs a file with a failed test
          // once more from a fresh start, since a test retried alone inherits its failed attempt's state.
        },
      },
    ],
  },
});
