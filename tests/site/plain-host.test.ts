import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { plainHost } from '../../scripts/plainHost'
import { precompress } from '../../builder/precompress'

// `npm run preview` and the benchmarks' "plain" rows: a host that sends files as they are.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plain-host-'))
const page = `<!DOCTYPE html><title>Page</title>${'<p>Plain text.</p>'.repeat(200)}`
const server = plainHost(root)
let origin = ''

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'blog'))
  fs.writeFileSync(path.join(root, 'blog', 'index.html'), page)
  fs.writeFileSync(path.join(root, '404.html'), '<h1>Page Not Found</h1>')
  await precompress(root)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(root, { recursive: true, force: true })
})

it('sends a page as it is, although a .br and a .gz lie beside it and the browser accepts them', async () => {
  expect(fs.existsSync(path.join(root, 'blog', 'index.html.br'))).toBe(true)
  const response = await fetch(`${origin}/blog/`, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-encoding')).toBeNull()
  expect(await response.text()).toBe(page)
})

it('answers a missing path with 404.html and status 404', async () => {
  const response = await fetch(`${origin}/nope`)
  expect(response.status).toBe(404)
  expect(await response.text()).toBe('<h1>Page Not Found</h1>')
})
