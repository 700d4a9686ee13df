import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { contentReload } from './scripts/vite-content-reload.ts'
import { formValidators } from './scripts/vite-form-validators.ts'
import { lucideIcons } from './scripts/vite-lucide-icons.ts'

export default defineConfig({
  plugins: [lucideIcons(), react(), tailwindcss(), vike(), contentReload(), formValidators()],
  // Vike writes client/ and server/ below outDir; scripts/build.ts publishes client/ as the flat dist/.
  build: {
    outDir: process.env.VIKE_OUT_DIR ?? '.vike-out',
    reportCompressedSize: false,
    // The slow "plugin" Rolldown reports is Vike's prerendering, which is timed by scripts/build.ts.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { port: 3000, host: '127.0.0.1' },
})
