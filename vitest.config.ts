import { defineConfig } from 'vitest/config'

/** The service tests that hold for any store: they run again on PostgreSQL (FORMS_TEST_STORE=postgres). */
const storeContract = [
  'admin-auth',
  'backup',
  'bad-input',
  'booking',
  'booking-caps',
  'booking-crash',
  'booking-starts',
  'concurrency',
  'consultation-validation',
  'content-reload',
  'contact-validation',
  'cors',
  'digest',
  'email',
  'health',
  'honeypot',
  'html-forms',
  'inbox',
  'lead-desk',
  'meeting-links',
  'newsletter',
  'rate-limit',
  'request-log',
  'security-headers',
  'storable-text',
  'metrics',
  'api-tokens',
  'busy-calendar',
  'mail-recipients',
  'block-list',
  'secrets-in-logs',
  'mail-delivery',
  'operator-metrics',
].map((name) => `tests/service/${name}.test.ts`)

/**
 * What WITHOUT_BROWSER=1 leaves out (CI's second run, on node 20: .ci/run): the tests that load pages in Chromium.
 * The built pages are the same bytes on either node (tests/site/reproducible.test.ts checks a build against another).
 */
const chromiumTests = ['tests/browser/**', 'tests/site/critical-css.test.ts', 'tests/site/budgets.test.ts']

// Separate from vite.config.ts so that tests do not load the Vike plugin.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // A test waits for a condition, never for a fixed time; on a busy machine the condition may take a while.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Vitest's default is one file at a time on a 2-core machine (cores - 1), while most test files spend their
    // time waiting on Chromium, a server, PostgreSQL or a timer: one file per core.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          // Unit tests sit beside the code they test and need no build: `npx vitest run --project unit` (or one file) starts at once.
          name: 'unit',
          include: ['contract/**/*.test.ts', 'builder/**/*.test.ts', 'site/**/*.test.ts', 'forms-service/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'embedded',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/service/postgres.test.ts', '**/node_modules/**', ...(process.env.WITHOUT_BROWSER === '1' ? chromiumTests : [])],
          // Builds dist/ once for the tests that read it or load it in Chromium (SKIP_BUILD=1 reuses it).
          globalSetup: ['tests/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...storeContract, 'tests/service/postgres.test.ts'],
          env: { FORMS_TEST_STORE: 'postgres' },
          globalSetup: ['tests/service/postgresSetup.ts'],
        },
      },
    ],
  },
})
