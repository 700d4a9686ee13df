import { spawnSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { onPostgres, testApp } from './helpers.js'

describe('GET /healthz', () => {
  it('is 200 while the store can read and write', async () => {
    const { http } = await testApp()
    expect((await http.get('/healthz').expect(200)).body).toEqual({ status: 'ok' })
  })

  it.skipIf(onPostgres)('is 503 when the data file is gone (its volume unmounted, say)', async () => {
    const { http, dataFile } = await testApp()
    await rm(path.dirname(dataFile), { recursive: true, force: true })
    expect((await http.get('/healthz').expect(503)).body).toEqual({ status: 'unavailable' })
  })

  it.skipIf(onPostgres)('is 503, not 500, when the data folder stops taking writes', async (context) => {
    const { http, dataFile } = await testApp()
    const folder = path.dirname(dataFile)
    // chattr +i denies writes even to root, where chmod would not; skipped where the file system has no such flag.
    if (spawnSync('chattr', ['+i', folder]).status !== 0) return context.skip()
    try {
      expect((await http.get('/healthz').expect(503)).body).toEqual({ status: 'unavailable' })
    } finally {
      spawnSync('chattr', ['-i', folder])
    }
  })

  it.skipIf(onPostgres)('is 200 for the memory-only store', async () => {
    const { http } = await testApp({ dataFile: null })
    await http.get('/healthz').expect(200)
  })
})
