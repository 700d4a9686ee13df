// The environment as `npm start`, `npm run dev`, `npm run preview` and the build read it, the same way the
// forms service's configuration does (forms-service/config.ts): an empty variable is an unset one, and a bad
// value stops the command with one line naming the variable and its fix. Plain JavaScript: build.js imports
// it before anything is compiled.
import fs from 'node:fs'
import path from 'node:path'

/**
 * Reads the `.env` of the folder the command runs in (the project's, under npm) when there is one, as
 * `.env.example` suggests; a variable the shell already sets wins over the file's. Node's own reader
 * (process.loadEnvFile, on node 20.12 and later: `--env-file-if-exists` is newer than the node 20.19 the
 * machines run). Then every empty variable is dropped (unsetEmpty).
 * @param {string} [file]
 * @returns {boolean} whether a file was read
 */
export function loadEnvironment(file = path.resolve('.env')) {
  const found = fs.existsSync(file)
  if (found) process.loadEnvFile(file)
  unsetEmpty()
  return found
}

/**
 * Drops every variable that is empty or blank: `SITE_URL=`, as `.env.example` and compose's
 * `${SITE_URL:-}` pass it, means "not set", never "an empty address".
 * @param {NodeJS.ProcessEnv} [env]
 */
export function unsetEmpty(env = process.env) {
  for (const [name, value] of Object.entries(env)) if (value !== undefined && value.trim() === '') delete env[name]
}

/** @param {string} value */
const isHttpUrl = (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

/** What each address variable falls back to when unset. */
const addressFallbacks = /** @type {const} */ ({
  SITE_URL: "content/site.json's url",
  VITE_API_URL: "the site's own origin (the forms service serving the site)",
})

/**
 * The build's variables that are set but unusable, one line each naming the variable and its fix (empty
 * means none; run after unsetEmpty).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function buildEnvironmentProblems(env = process.env) {
  const problems = []
  for (const [name, fallback] of Object.entries(addressFallbacks)) {
    const value = env[name]
    if (value !== undefined && !isHttpUrl(value.trim())) {
      problems.push(`${name} must be an http(s) address like https://www.example.com (got "${value}"); leave it empty to use ${fallback}`)
    }
  }
  if (env.CONTENT_DIR !== undefined && !fs.existsSync(env.CONTENT_DIR)) {
    problems.push(`CONTENT_DIR's folder ${path.resolve(env.CONTENT_DIR)} does not exist; leave it empty to use content/`)
  }
  return problems
}

/**
 * PORT, or `fallback` when unset; a bad value throws, naming PORT and what it takes.
 * @param {NodeJS.ProcessEnv} env
 * @param {number} fallback
 * @returns {number}
 */
export function portOf(env, fallback) {
  const value = env.PORT?.trim()
  if (value === undefined || value === '') return fallback
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`PORT must be a whole number from 0 to 65535 (got "${value}")`)
  return Number(value)
}
