// calendarWorker.ts run from the TypeScript source (tsx in development, vitest in the tests). A worker thread
// of Node 20 has no loader of its parent's (`--import tsx` does not reach it; on Node 24 it does), so this
// one registers tsx before it imports the worker. The compiled service (build/) runs calendarWorker.js and
// never this file, which `npm run build:service` leaves out.
import { register } from 'tsx/esm/api'

register()
await import('./calendarWorker.ts')
