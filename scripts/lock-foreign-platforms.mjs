// The npm registry reachable from our machines carries only the Linux builds of Tailwind's native
// engine, so `npm install` leaves the other platforms' optional packages out of package-lock.json and
// `npm ci` then refuses the lock ("Missing: @tailwindcss/oxide-darwin-arm64@ from lock file").
// This adds lock entries with their os/cpu, which npm ci skips on Linux without fetching anything.
// Run it after `npm install` changes the lock: node scripts/lock-foreign-platforms.mjs
import fs from 'node:fs'

const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
}

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'))
const oxide = lock.packages['node_modules/@tailwindcss/oxide']
for (const name of Object.keys(oxide.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`
  const platform = platforms[name.replace('@tailwindcss/oxide-', '')]
  if (lock.packages[key] || !platform) continue
  lock.packages[key] = { version: oxide.optionalDependencies[name], dev: true, optional: true, ...platform, engines: { node: '>= 20' } }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
