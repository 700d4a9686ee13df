import { defineConfig } from 'vitest/config'

// Separate from vite.config.ts so that tests do not load the Vike plugin.
export default defineConfig({
  test: {
    include: ['site/**/*.test.ts', 'forms-service/**/*.test.ts', 'tests/**/*.test.ts'],
    // Builds dist/ once for the tests that read it or load it in Chromium (SKIP_BUILD=1 reuses it).
    globalSetup: ['tests/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
})
