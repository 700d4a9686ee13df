// The npm registry reachable from our machines carries only the Linux builds of some native packages
// (Tailwind's engine, Biome's command), so `npm install` leaves the other platforms' optional packages
// out of package-lock.json and `npm ci` then refuses the lock ("Missing: @biomejs/cli-darwin-arm64@
// from lock file"). This adds lock entries with their os/cpu/libc, which npm ci skips on Linux without
// fetching anything. Run it after `npm install` changes the lock: node scripts/lock-foreign-platforms.mjs
import fs from 'node:fs'

const os = (system, cpu, libc) => ({ os: [system], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) })

/** Each package with native builds, the prefix of their names, and the platform of each suffix. */
const natives = [
  {
    parent: '@tailwindcss/oxide',
    prefix: '@tailwindcss/oxide-',
    engines: { node: '>= 20' },
    platforms: {
      'android-arm64': os('android', 'arm64'),
      'darwin-arm64': os('darwin', 'arm64'),
      'darwin-x64': os('darwin', 'x64'),
      'freebsd-x64': os('freebsd', 'x64'),
      'linux-arm-gnueabihf': os('linux', 'arm'),
      'wasm32-wasi': { cpu: ['wasm32'] },
      'win32-arm64-msvc': os('win32', 'arm64'),
      'win32-x64-msvc': os('win32', 'x64'),
    },
  },
  {
    parent: '@biomejs/biome',
    prefix: '@biomejs/cli-',
    engines: { node: '>=14.21.3' },
    platforms: {
      'android-arm64': os('android', 'arm64'),
      'android-x64': os('android', 'x64'),
      'darwin-arm64': os('darwin', 'arm64'),
      'darwin-x64': os('darwin', 'x64'),
      'linux-arm64-musl': os('linux', 'arm64', 'musl'),
      'linux-x64-musl': os('linux', 'x64', 'musl'),
      'win32-arm64': os('win32', 'arm64'),
      'win32-x64': os('win32', 'x64'),
    },
  },
]

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'))
for (const { parent, prefix, engines, platforms } of natives) {
  const entry = lock.packages[`node_modules/${parent}`]
  for (const name of Object.keys(entry?.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`
    const platform = platforms[name.replace(prefix, '')]
    if (lock.packages[key] || !platform) continue
    lock.packages[key] = { version: entry.optionalDependencies[name], dev: true, optional: true, ...platform, engines }
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
