import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { loadContent } from '../site/content/index.ts'
import { contentModuleReading, readBuiltContent, writeBuiltContent } from './contentModule.ts'

it('hands the content to the server code unchanged, its maps included', async () => {
  const content = await loadContent('content')
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'content-module-'))
  const file = path.join(dir, 'site-content.json')
  try {
    expect(contentModuleReading(file)).toContain(JSON.stringify(file))
    await writeBuiltContent(file, { content })
    const { content: received } = readBuiltContent(file)
    expect(received).toEqual(content)
    expect(received!.postsBySlug.get('automation-workflows')).toEqual(content.postsBySlug.get('automation-workflows'))
    expect(received!.images.get('/images/og-default.svg')).toEqual(content.images.get('/images/og-default.svg'))

    await writeBuiltContent(file, { stop: 'content/site.json: name is required' })
    expect(readBuiltContent(file)).toEqual({ stop: 'content/site.json: name is required' })
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
})
