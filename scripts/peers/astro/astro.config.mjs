// The Astro 5 blog `npm run bench:build` times beside this project's build (scripts/bench-build.ts):
// ARTICLES_DIR holds the synthetic articles, OUT_DIR and CACHE_DIR are the benchmark's.
import { defineConfig } from 'astro/config'

export default defineConfig({ outDir: process.env.OUT_DIR, cacheDir: process.env.CACHE_DIR, logLevel: 'warn' })
