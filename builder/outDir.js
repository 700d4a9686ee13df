// Plain JavaScript: read by the build's launcher (build.js), which runs before anything compiles TypeScript,
// and by paths.ts.

/**
 * Vite's build.outDir (vite.config.ts): Vike writes client/ and server/ below it; the server code stays
 * there for the next build (incrementalBuild.ts), so it lives in the project's cache folder.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export const vikeOutDirOption = (env = process.env) => env.VIKE_OUT_DIR ?? '.cache/build'

/** What the last full build left for the next one (incrementalBuild.ts), in the out dir. */
export const buildStateFile = 'build-state.json'
