import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { codeKey } from './codeKey.ts'

let root = ''
const write = async (file: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true })
  await fs.writeFile(path.join(root, file), text)
}
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'code-key-'))
  await write('package-lock.json', '{"lockfileVersion":3}')
  await write('vite.config.ts', 'export default {}')
  await write('site/pages/blog/+Page.tsx', 'export default () => null')
  await write('site/content/readTime.test.ts', 'it()')
  await write('content/blog/a.md', '# A')
})
afterEach(() => fs.rm(root, { recursive: true, force: true }))

it('changes with the code, its dependencies and the build settings, not with content or tests', async () => {
  const env = { SITE_URL: 'https://example.com' }
  const first = await codeKey(root, env)
  expect(await codeKey(root, env)).toBe(first)

  await write('content/blog/a.md', '# A, edited')
  await write('content/blog/b.md', '# B')
  await write('site/content/readTime.test.ts', 'it(); it()')
  expect(await codeKey(root, { ...env, CONTENT_DIR: 'elsewhere' })).toBe(first)

  await write('site/pages/blog/+Page.tsx', 'export default () => "blog"')
  const edited = await codeKey(root, env)
  expect(edited).not.toBe(first)
  await write('site/pages/blog/Card.tsx', 'export const Card = 1')
  const added = await codeKey(root, env)
  expect(added).not.toBe(edited)
  // The builder writes the pages too, from its own folder beside site/.
  await write('builder/publish.ts', 'export const publish = 1')
  const rebuilt = await codeKey(root, env)
  expect(rebuilt).not.toBe(added)
  await write('package-lock.json', '{"lockfileVersion":3,"packages":{}}')
  const upgraded = await codeKey(root, env)
  expect(upgraded).not.toBe(rebuilt)
  expect(await codeKey(root, { SITE_URL: 'https://example.org' })).not.toBe(upgraded)
  expect(await codeKey(root, { ...env, VITE_API_URL: 'https://api.example.com' })).not.toBe(upgraded)
  await write('.env', 'VITE_API_URL=https://api.example.com')
  expect(await codeKey(root, env)).not.toBe(upgraded)
})
