import { defineConfig } from 'vitest/config';

// Standalone config so the package's tests run on their own; the root config gets the same project.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'library', environment: 'node', testTimeout: 30_000 },
});
