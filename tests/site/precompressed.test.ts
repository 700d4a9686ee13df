import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { distDir } from './dist'

// Plain static hosts that look for .br and .gz copies (nginx gzip_static, Caddy, most CDNs) send them as
// they are; the build makes them for every text file worth compressing.
const textFile = /\.(?:html|js|css|svg|xml|txt|json)$/

describe('dist/ precompressed', () => {
  const files = (fs.readdirSync(distDir, { recursive: true }) as string[]).filter((file) => textFile.test(file))

  it('has a .br and a .gz beside every text file of 1 kB or more, each decoding to the file and smaller than it', () => {
    const large = files.filter((file) => fs.statSync(path.join(distDir, file)).size >= 1024)
    expect(large.some((file) => file.endsWith('.html'))).toBe(true)
    expect(large.some((file) => file.endsWith('.js'))).toBe(true)
    expect(large.some((file) => file.endsWith('.css'))).toBe(true)
    for (const file of large) {
      const original = fs.readFileSync(path.join(distDir, file))
      const br = fs.readFileSync(path.join(distDir, `${file}.br`))
      const gz = fs.readFileSync(path.join(distDir, `${file}.gz`))
      expect(zlib.brotliDecompressSync(br).equals(original), file).toBe(true)
      expect(zlib.gunzipSync(gz).equals(original), file).toBe(true)
      expect(br.length, file).toBeLessThan(original.length)
    }
  })
})
