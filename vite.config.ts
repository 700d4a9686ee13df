import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { contentImages } from './scripts/vite-content-images.ts'
import { contentReload } from './scripts/vite-content-reload.ts'
import { formValidators } from './scripts/vite-form-validators.ts'
import { lucideIcons } from './scripts/vite-lucide-icons.ts'
import { siteBuild } from './scripts/vite-site-build.ts'

export default defineConfig(({ command }) => {
  // A build is always a production build, also when started from a test runner that sets
  // NODE_ENV=test (which would ship React's development build).
  if (command === 'build') process.env.NODE_ENV = 'production'
  return {
    // contentImages and contentReload only run in `vike dev`; siteBuild only in `vike build`.
    plugins: [lucideIcons(), react(), tailwindcss(), vike(), contentReload(), contentImages(), formValidators(), siteBuild()],
    // The build prints its problems and one line of its own (scripts/vite-site-build.ts); BUILD_LOG_LEVEL=info shows Vite's report.
    logLevel: command === 'build' && process.env.BUILD_LOG_LEVEL !== 'info' ? 'warn' : 'info',
    build: {
      // Vike writes client/ and server/ below outDir; scripts/vite-site-build.ts publishes client/ as the flat dist/.
      outDir: process.env.VIKE_OUT_DIR ?? '.vike-out',
      reportCompressedSize: false,
      // The slow "plugin" Rolldown reports is Vike's prerendering.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
    server: {
      // PORT as `npm start` and `npm run preview` read it; a busy port is an error, not another port.
      port: Number(process.env.PORT ?? 3000),
      strictPort: true,
      host: '127.0.0.1',
      // A build or test run beside the preview writes HTML into these folders; Vite would reload the open
      // pages for every file of it.
      watch: { ignored: ['**/dist/**', '**/.vike-out*/**', '**/.cache/**', '**/data/**'] },
    },
  }
})
