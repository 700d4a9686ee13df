import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { devContent } from './builder/devContent.ts'
import { devImages } from './builder/devImages.ts'
import { loadEnvironment, portOf, unsetEmpty } from './builder/environment.js'
import { formValidators } from './builder/formValidators.ts'
import { lucideIcons } from './builder/lucideIcons.ts'
import { vikeOutDirOption } from './builder/paths.ts'
import { siteBuild } from './builder/siteBuild.ts'

export default defineConfig(({ command }) => {
  // A build is always a production build, also when started from a test runner that sets
  // NODE_ENV=test (which would ship React's development build).
  if (command === 'build') process.env.NODE_ENV = 'production'
  // `npm run dev` reads `.env` as `npm start` does; the build has its environment from build.js.
  let port = 3000
  if (command === 'serve') {
    loadEnvironment()
    try {
      port = portOf(process.env, port)
    } catch (error) {
      console.error(`npm run dev: ${(error as Error).message}`)
      process.exit(1)
    }
  } else unsetEmpty()
  return {
    // devContent and devImages only run in `vike dev`; siteBuild only in `vike build`.
    plugins: [lucideIcons(), react(), tailwindcss(), vike(), devContent(), devImages(), formValidators(), siteBuild()],
    // The build prints its warnings, its problems and one line of its own (builder/siteBuild.ts); BUILD_LOG_LEVEL=info shows Vite's report.
    logLevel: command === 'build' && process.env.BUILD_LOG_LEVEL !== 'info' ? 'warn' : 'info',
    build: {
      // Vike writes client/ and server/ below outDir; builder/siteBuild.ts publishes client/ as the flat dist/.
      outDir: vikeOutDirOption(),
      reportCompressedSize: false,
      // The slow "plugin" Rolldown reports is Vike's prerendering.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
    server: {
      // PORT as `npm start` and `npm run preview` read it; a busy port is an error, not another port.
      port,
      strictPort: true,
      host: '127.0.0.1',
      // A build or test run beside the preview writes HTML into these folders; Vite would reload the open
      // pages for every file of it.
      watch: { ignored: ['**/dist/**', '**/.vike-out*/**', '**/.cache/**', '**/data/**'] },
    },
  }
})
