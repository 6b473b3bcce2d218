import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores here and in CI: CLI and corpus tests spawn processes of their own.
    maxWorkers: 2,
  },
});
