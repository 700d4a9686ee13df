import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadImageManifest, readImageVariant } from './imageManifest.ts'

const wideSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
<rect width="1600" height="1000" fill="#312e81"/><circle cx="800" cy="500" r="300" fill="#f59e0b"/></svg>`
// Only a viewBox: the size comes from it.
const smallSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">
<rect width="400" height="300" fill="#4f46e5"/></svg>`

let dir: string
const contentDir = () => path.join(dir, 'content')

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'images-test-'))
  await fs.mkdir(path.join(contentDir(), 'images', 'blog'), { recursive: true })
  await fs.writeFile(path.join(contentDir(), 'images', 'blog', 'wide.svg'), wideSvg)
  await fs.writeFile(path.join(contentDir(), 'images', 'small.svg'), smallSvg)
  const png = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer()
  await fs.writeFile(path.join(contentDir(), 'images', 'Photo 1.png'), png)
})

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

const webpWidth = async (file: string) => {
  const metadata = await sharp(file).metadata()
  expect(metadata.format).toBe('webp')
  return [metadata.width, metadata.height]
}

describe('loadImageManifest', () => {
  it('lists every image by its content ref', async () => {
    const manifest = await loadImageManifest(contentDir())
    expect(manifest.refs()).toEqual(['/images/Photo 1.png', '/images/blog/wide.svg', '/images/small.svg'])
    expect(manifest.get('/images/missing.svg')).toBeUndefined()
  })

  it('computes sizes, srcset and cards without converting anything', async () => {
    const manifest = await loadImageManifest(contentDir())
    // An SVG is itself at its own size, with an 800 px card (a narrower one keeps its width).
    const wide = manifest.get('/images/blog/wide.svg')!
    expect(wide.src).toMatch(/^\/assets\/img\/wide-[0-9a-f]{8}\.svg$/)
    expect(wide.srcSet).toBeUndefined()
    expect([wide.width, wide.height]).toEqual([1600, 1000])
    expect(wide.card).toBe(wide.src.replace('.svg', '-800.webp'))

    const small = manifest.get('/images/small.svg')!
    expect(small.src).toMatch(/^\/assets\/img\/small-[0-9a-f]{8}\.svg$/)
    expect([small.width, small.height]).toEqual([400, 300])
    expect(small.card).toBe(small.src.replace('.svg', '-400.webp'))

    // A picture: WebP at three widths, the largest also its card.
    const photo = manifest.get('/images/Photo 1.png')!
    expect(photo.src).toMatch(/^\/assets\/img\/photo-1-[0-9a-f]{8}-1280\.webp$/)
    expect(photo.srcSet).toBe(`${photo.src.replace('-1280.', '-480.')} 480w, ${photo.src.replace('-1280.', '-800.')} 800w, ${photo.src} 1280w`)
    expect([photo.width, photo.height]).toEqual([1280, 960])
    expect(photo.card).toBe(photo.src)
    await expect(fs.access(path.join(dir, 'dist'))).rejects.toThrow()
  })

  it('refuses an SVG that could run a script where it is published, and says why', async () => {
    const cases = [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><a href="javascript:alert(1)"><rect width="4" height="4"/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><foreignObject><p>hi</p></foreignObject></svg>',
    ]
    for (const [index, text] of cases.entries()) {
      const content = path.join(dir, `scripted-${index}`)
      await fs.mkdir(path.join(content, 'images'), { recursive: true })
      await fs.writeFile(path.join(content, 'images', 'art.svg'), text)
      await expect(loadImageManifest(content), text).rejects.toThrow(/art\.svg: has .+: an SVG is published as it is/)
    }
  })

  it('gives the same URLs for the same bytes, and new ones when a file changes', async () => {
    const first = await loadImageManifest(contentDir())
    const again = await loadImageManifest(contentDir())
    expect(again.get('/images/blog/wide.svg')).toEqual(first.get('/images/blog/wide.svg'))

    const copy = path.join(dir, 'changed')
    await fs.cp(contentDir(), copy, { recursive: true })
    await fs.writeFile(path.join(copy, 'images', 'small.svg'), smallSvg.replace('#4f46e5', '#312e81'))
    const changed = await loadImageManifest(copy)
    expect(changed.get('/images/small.svg')!.src).not.toBe(first.get('/images/small.svg')!.src)
    expect(changed.get('/images/blog/wide.svg')).toEqual(first.get('/images/blog/wide.svg'))
  })

  it('gives an empty manifest when there is no images folder', async () => {
    const manifest = await loadImageManifest(path.join(dir, 'nowhere'))
    expect(manifest.refs()).toEqual([])
    expect(await manifest.write(path.join(dir, 'empty-dist'), { cacheDir: path.join(dir, 'cache') })).toEqual({ written: 0, cached: 0 })
  })
})

describe('write', () => {
  it('writes every file at its pixel width, then reuses the cache', async () => {
    const manifest = await loadImageManifest(contentDir())
    const cacheDir = path.join(dir, 'cache')
    const out = path.join(dir, 'dist')
    // The photo's three WebP files and each SVG's card are converted; the SVGs are copied.
    expect(await manifest.write(out, { cacheDir })).toEqual({ written: 5, cached: 0 })

    const file = (url: string) => path.join(out, url)
    const wide = manifest.get('/images/blog/wide.svg')!
    expect(await fs.readFile(file(wide.src), 'utf8')).toBe(wideSvg)
    expect(await webpWidth(file(wide.card))).toEqual([800, 500])
    expect(await webpWidth(file(manifest.get('/images/small.svg')!.card))).toEqual([400, 300])
    const photo = manifest.get('/images/Photo 1.png')!
    expect(await webpWidth(file(photo.src))).toEqual([1280, 960])
    expect(await webpWidth(file(photo.src.replace('-1280.', '-800.')))).toEqual([800, 600])
    expect(await webpWidth(file(photo.src.replace('-1280.', '-480.')))).toEqual([480, 360])
    expect((await fs.readdir(path.join(out, 'assets', 'img'))).length).toBe(7)

    const bytes = await fs.readFile(file(wide.card))
    const out2 = path.join(dir, 'dist2')
    expect(await manifest.write(out2, { cacheDir })).toEqual({ written: 0, cached: 5 })
    expect(await fs.readFile(path.join(out2, wide.card))).toEqual(bytes)

    // Without the cache the encoder gives the very same bytes: the output is deterministic.
    const out3 = path.join(dir, 'dist3')
    expect(await manifest.write(out3, { cacheDir: path.join(dir, 'cache2') })).toEqual({ written: 5, cached: 0 })
    expect(await fs.readFile(path.join(out3, wide.card))).toEqual(bytes)
  })

  it("draws an SVG's card only when its ref is among the cards, once they are known", async () => {
    const manifest = await loadImageManifest(contentDir())
    const out = path.join(dir, 'dist-cards')
    let named!: (refs: string[]) => void
    const cards = new Promise<string[]>((resolve) => (named = resolve))
    const writing = manifest.write(out, { cacheDir: path.join(dir, 'cache-cards'), cards })
    const wide = manifest.get('/images/blog/wide.svg')!
    const photo = manifest.get('/images/Photo 1.png')!
    // Everything else is written while the cards are not known yet.
    await expect.poll(() => fs.readdir(path.join(out, 'assets', 'img')).then((files) => files.length)).toBe(5)
    named(['/images/blog/wide.svg'])
    // The photo's three WebP files and the wide SVG's card; the small SVG is only copied.
    expect(await writing).toEqual({ written: 4, cached: 0 })
    expect(await webpWidth(path.join(out, wide.card))).toEqual([800, 500])
    expect(await webpWidth(path.join(out, photo.card))).toEqual([1280, 960])
    await expect(fs.access(path.join(out, manifest.get('/images/small.svg')!.card))).rejects.toThrow()
    expect((await fs.readdir(path.join(out, 'assets', 'img'))).length).toBe(6)
  })

  it('serves one file by URL for the dev server', async () => {
    const manifest = await loadImageManifest(contentDir())
    const small = manifest.get('/images/small.svg')!
    const cacheDir = path.join(dir, 'cache3')
    expect((await sharp((await readImageVariant(manifest, small.card, { cacheDir }))!).metadata()).width).toBe(400)
    expect((await readImageVariant(manifest, small.src, { cacheDir }))?.toString('utf8')).toBe(smallSvg)
    expect(await readImageVariant(manifest, '/assets/img/nothing-12345678-640.webp')).toBeUndefined()
  })
})
