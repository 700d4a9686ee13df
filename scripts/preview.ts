// `npm run preview`: serves the built dist/ as a plain static host would (scripts/plainHost.ts).
// No API: the forms answer only where the forms service runs (`npm start`).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { portOf, unsetEmpty } from '../builder/environment.js'
import { plainHost } from './plainHost.ts'

unsetEmpty()
const root = path.resolve(process.env.DIST_DIR ?? 'dist')
let port: number
try {
  port = portOf(process.env, 4173)
} catch (error) {
  console.error(`npm run preview: ${(error as Error).message}`)
  process.exit(1)
}
if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`npm run preview: ${path.relative(process.cwd(), root) || root} has no site; run \`npm run build\` first`)
  process.exit(1)
}

const server = plainHost(root)
server.listen(port, '127.0.0.1', () =>
  console.log(`Previewing ${path.relative(process.cwd(), root) || root} on http://127.0.0.1:${port} (as a plain static host)`),
)
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `npm run preview: port ${port} is in use; set PORT to another port` : error.message)
  process.exit(1)
})
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.close(() => process.exit(0)))
