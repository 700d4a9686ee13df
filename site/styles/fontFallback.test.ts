import fs from 'node:fs'
import { createFontStack } from '@capsizecss/core'
import { expect, it } from 'vitest'
// The figures @capsizecss/metrics gives for these fonts (scripts/refresh-font-metrics.ts copies them).
import { arial, inter, roboto } from './fontMetrics.json'

// The text shows in a fallback until Inter arrives; scaled to Inter's metrics, the swap moves nothing.
const css = fs.readFileSync(new URL('./global.css', import.meta.url), 'utf8')

/** The descriptors of the @font-face of `family` in global.css. */
function fontFace(family: string): Record<string, string> {
  const block = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1]!).find((body) => body.includes(`font-family: "${family}"`))
  if (!block) throw new Error(`no @font-face for ${family} in global.css`)
  return Object.fromEntries(
    block
      .split(';')
      .map((line) => line.trim().split(/:\s*/))
      .filter(([name, value]) => name && value && name !== 'font-family' && name !== 'src')
      .map(([name, value]) => [name!, value!]),
  )
}

it.each([
  ['Inter Fallback Arial', arial],
  ['Inter Fallback Roboto', roboto],
])('%s has the metrics @capsizecss/core computes for Inter over that font', (family, fallback) => {
  const [computed] = createFontStack([inter, fallback], { fontFaceFormat: 'styleObject' }).fontFaces
  const expected = Object.fromEntries(
    Object.entries(computed!['@font-face'])
      .filter(([name]) => name !== 'fontFamily' && name !== 'src')
      .map(([name, value]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), String(value)]),
  )
  expect(fontFace(family)).toEqual(expected)
})

it('lists the fallbacks right after Inter in the site font', () => {
  expect(css).toMatch(/--font-sans: "Inter Variable", "Inter Fallback Arial", "Inter Fallback Roboto",/)
})
