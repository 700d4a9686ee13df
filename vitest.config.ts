import { defineConfig } from 'vitest/config'

/**
 * The service tests that hold for any store: they run again on PostgreSQL (FORMS_TEST_STORE=postgres).
 * Grouped by the face of FormStore (forms-service/store/formStore.ts) whose behaviour they hold; a test
 * of the service as a whole on either store is under `service`.
 */
const storeFaces = {
  inbox: [
    'inbox',
    'lead-desk',
    'newsletter',
    'honeypot',
    'html-forms',
    'consultation-validation',
    'contact-validation',
    'storable-text',
    'bad-input',
    'concurrency',
    'answer-promise',
    'lead-source',
    'overview',
    'inbox-csv',
    'lead-meeting',
    'person-timeline',
    'person-migration',
    'record-round-trip',
    'changed-by',
    'lead-owner',
  ],
  meetings: [
    'booking',
    'booking-caps',
    'booking-challenge',
    'booking-crash',
    'booking-starts',
    'meeting-changes',
    'meeting-links',
    'busy-calendar',
    'busy-calendar-budget',
    'content-reload',
    'min-notice',
    'past-meetings',
  ],
  outbox: ['email', 'email-kinds', 'digest', 'mail-delivery', 'superseded-emails'],
  tokens: ['api-tokens'],
  addresses: ['block-list', 'mail-recipients', 'stranger-mail'],
  coordination: ['admin-auth', 'people', 'security', 'rate-limit'],
  upkeep: ['backup', 'health', 'metrics', 'operator-metrics'],
  service: ['cors', 'request-log', 'security-headers', 'secrets-in-logs'],
} satisfies Record<string, string[]>
const storeContract = Object.values(storeFaces)
  .flat()
  .map((name) => `tests/service/${name}.test.ts`)

/**
 * What WITHOUT_BROWSER=1 leaves out: the tests that load pages in Chromium. The built pages are the same bytes
 * on either node (tests/site/reproducible.test.ts checks a build against another).
 */
const chromiumTests = ['tests/browser/**', 'tests/site/critical-css.test.ts', 'tests/site/budgets.test.ts']
/**
 * What SECOND_NODE=1 runs of the embedded project (CI's second run, on Node 20: .ci/run): only what depends on
 * the Node that runs it. The builder (the global setup builds dist/ on it, and a second build must give the same
 * bytes), the embedded store's file I/O (its journal through kill -9, fsync, the online backup, the native
 * lock), and a spawned service (its start in production, its signals). The rest asks the same Node APIs through
 * the same code, and runs once, on Node 24.
 */
const nodeDependent = [
  'tests/site/reproducible.test.ts',
  'tests/service/crash-recovery.test.ts',
  'tests/service/booking-crash.test.ts',
  'tests/service/store-durability.test.ts',
  'tests/service/backup.test.ts',
  'tests/service/production-start.test.ts',
  'tests/service/graceful-stop.test.ts',
]
const secondNode = process.env.SECOND_NODE === '1'

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
          include: secondNode ? nodeDependent : ['tests/**/*.test.ts'],
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
