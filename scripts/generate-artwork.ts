/**
 * Writes the shipped placeholder artwork: abstract SVG illustrations (no text) in content/images/ and the
 * favicon in public/. Deterministic: every picture is seeded by its own name, so a run only changes files
 * whose drawing code changed. Editors may replace any file with a photo of the same name and ratio.
 *
 *   node --import tsx scripts/generate-artwork.ts
 */
import fs from 'node:fs/promises'
import path from 'node:path'

const CONTENT = path.resolve(process.env.CONTENT_DIR ?? 'content', 'images')
const PUBLIC = path.resolve('public')

// Brand palette.
const I950 = '#1e1b4b', I9 = '#312e81', I7 = '#4338ca', I6 = '#4f46e5', I4 = '#818cf8', I2 = '#c7d2fe', I1 = '#e0e7ff', I0 = '#eef2ff'
const AM = '#f59e0b', SKY = '#0ea5e9', EM = '#10b981'
const S9 = '#0f172a', S4 = '#94a3b8', S3 = '#cbd5e1', S2 = '#e2e8f0', S1 = '#f1f5f9', W = '#fff'
type Accent = { c: string; soft: string; tint: string }
const ACCENTS: Accent[] = [
  { c: AM, soft: '#fde68a', tint: '#fffbeb' },
  { c: SKY, soft: '#bae6fd', tint: '#f0f9ff' },
  { c: EM, soft: '#a7f3d0', tint: '#ecfdf5' },
]

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness

function seedOf(name: string) {
  let h = 2166136261
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619)
  return h >>> 0
}
class Rng {
  constructor(private a: number) {}
  next() {
    let t = (this.a = (this.a + 0x6d2b79f5) | 0)
    t = Math.imul(t ^ (t >>> 15), 1 | t)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  between(a: number, b: number) { return a + (b - a) * this.next() }
  int(a: number, b: number) { return Math.floor(this.between(a, b + 1)) }
  pick<T>(items: readonly T[]): T { return items[Math.floor(this.next() * items.length)]! }
  chance(p: number) { return this.next() < p }
  shuffle<T>(items: T[]): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy
  }
}

// ---------------------------------------------------------------------------------------------------------
// Drawing primitives

/**
 * Pictures are drawn in pixels and written in units of UNIT pixels (the viewBox is scaled to match the
 * width and height), which keeps numbers short: whole units, a tenth below 4 where it shows.
 */
const UNIT = 2
const num = (v: number) => String(Math.round(v * 100) / 100).replace(/^(-?)0\./, '$1.')
const f = (px: number) => {
  const v = px / UNIT
  return num(Math.abs(v) < 4 ? Math.round(v * 10) / 10 : Math.round(v))
}

/** Icons drawn with round strokes in a unit box centred on 0,0. */
const GLYPHS: Record<string, string> = {
  check: '<path d="M-.26 0l.17.17.35-.35"/>',
  bolt: '<path d="M.06-.38L-.2.06h.22l-.06.32.26-.44h-.22z"/>',
  mail: '<path d="M-.36-.24h.72v.48h-.72zM-.36-.22l.36.26.36-.26"/>',
  gear: '<circle r=".24" stroke-width=".13" stroke-dasharray=".12 .07"/><circle r=".11"/>',
  cart: '<path d="M-.4-.3h.12l.1.42h.42l.1-.3h-.56"/><circle cx="-.12" cy=".3" r=".05"/><circle cx=".2" cy=".3" r=".05"/>',
  bell: '<path d="M-.28.14h.56l-.08-.1v-.14a.2.2 0 0 0-.4 0v.14zM-.06.26h.12"/>',
  chat: '<path d="M-.36-.26h.72v.42h-.4l-.18.14v-.14h-.14z"/>',
  user: '<circle cy="-.12" r=".14"/><path d="M-.28.32a.28.24 0 0 1 .56 0"/>',
  calendar: '<path d="M-.34-.26h.68v.6h-.68zM-.34-.08h.68M-.16-.36v.16M.16-.36v.16"/>',
  chart: '<path d="M-.28.3v-.26M0 .3v-.56M.28 .3v-.4"/>',
  lock: '<path d="M-.26-.02h.52v.38h-.52zM-.16-.02v-.14a.16.16 0 0 1 .32 0v.14"/>',
  shield: '<path d="M0-.38l.3.12v.18c0 .2-.13.32-.3.42c-.17-.1-.3-.22-.3-.42v-.18z"/>',
  search: '<circle cx="-.06" cy="-.06" r=".22"/><path d="M.1.1l.24.24"/>',
  leaf: '<path d="M-.3.3c0-.4.2-.62.62-.62c0 .42-.22.62-.62.62zM-.3.3l.3-.3"/>',
  cup: '<path d="M-.28-.14h.44v.24a.22.22 0 0 1-.44 0zM.16-.08h.08a.09.09 0 0 1 0 .18h-.08M-.14-.36v.1M.02-.36v.1"/>',
  heart: '<path d="M0 .3C-.5 0-.3-.4 0-.16C.3-.4.5 0 0 .3z"/>',
  play: '<path d="M-.12-.22v.44l.34-.22z"/>',
  doc: '<path d="M-.24-.36h.3l.18.18v.54h-.48zM-.12 0h.24M-.12.14h.24"/>',
  globe: '<circle r=".34"/><ellipse rx=".14" ry=".34"/><path d="M-.34 0h.68"/>',
  dumbbell: '<path d="M-.24 0h.48M-.24-.16v.32M.24-.16v.32M-.36-.08v.16M.36-.08v.16"/>',
  box: '<path d="M-.32-.16l.32-.16.32.16v.36l-.32.16-.32-.16zM-.32-.16l.32.16.32-.16M0 0v.36"/>',
  megaphone: '<path d="M-.34-.1h.14l.4-.22v.64l-.4-.22h-.14zM-.2.1l.06.22"/>',
  clock: '<circle r=".34"/><path d="M0-.18v.18l.12.1"/>',
  bot: '<path d="M-.3-.12h.6v.4h-.6zM0-.12v-.16"/><circle cy="-.32" r=".04"/><path d="M-.12.06v.04M.12.06v.04"/>',
  code: '<path d="M-.14-.22l-.22.22.22.22M.14-.22l.22.22-.22.22"/>',
  pin: '<path d="M0 .38c-.2-.24-.3-.4-.3-.54a.3.3 0 0 1 .6 0c0 .14-.1.3-.3.54z"/><circle cy="-.16" r=".1"/>',
  loop: '<path d="M.3-.04a.3.3 0 1 1-.1-.22M.22-.34l-.02.12.14.02"/>',
  star: '<path d="M0-.34l.1.22.24.03-.18.16.05.24L0 .19l-.21.12.05-.24-.18-.16.24-.03z"/>',
  layout: '<path d="M-.34-.28h.68v.56h-.68zM-.34-.1h.68M-.1-.1v.38"/>',
  phone: '<path d="M-.18-.36h.36v.72h-.36zM-.04.24h.08"/>',
  spark: '<path d="M0-.36c.04.2.12.28.32.32c-.2.04-.28.12-.32.32c-.04-.2-.12-.28-.32-.32c.2-.04.28-.12.32-.32z"/>',
  coin: '<circle r=".32"/><path d="M0-.18v.36M.1-.1h-.14a.06.06 0 0 0 0 .1h.08a.06.06 0 0 1 0 .1h-.14"/>',
  store: '<path d="M-.34-.1h.68M-.3-.1l.06-.22h.48l.06.22M-.28-.1v.4h.56v-.4M-.08.3v-.2h.16v.2"/>',
  rocket: '<path d="M0-.38c.16.12.22.3.18.52h-.36c-.04-.22.02-.4.18-.52zM-.18.06l-.12.16h.14M.18.06l.12.16h-.14M-.06.24l.06.12.06-.12"/>',
}

type Box = { x: number; y: number; w: number; h: number }

/** Numbers after a path command, separated by a space only where a minus sign does not already separate them. */
const nums = (command: string, values: number[]) => command + values.map((v, i) => (i && v >= 0 ? ' ' : '') + v).join('')

/** M then relative cubic segments, with every point snapped to the unit grid first so that no error adds up. */
function relativePath(start: [number, number], segments: [number, number][][]) {
  const u = (v: number) => Math.round(v / UNIT)
  let [x, y] = [u(start[0]), u(start[1])]
  let d = `M${x} ${y}`
  const values: number[] = []
  for (const [c1, c2, end] of segments) {
    values.push(u(c1![0]) - x, u(c1![1]) - y, u(c2![0]) - x, u(c2![1]) - y, u(end![0]) - x, u(end![1]) - y)
    ;[x, y] = [u(end![0]), u(end![1])]
  }
  return d + nums('c', values)
}

type Part = { key?: string; items: string[]; box?: Box; render: (items: string[]) => string }

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
const union = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y)
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y }
}
/** A box grown by the stroke width, if any. */
const grow = (b: Box, extra: string): Box => {
  const s = Number(/stroke-width="([\d.]+)"/.exec(extra)?.[1] ?? 0)
  return { x: b.x - s, y: b.y - s, w: b.w + 2 * s, h: b.h + 2 * s }
}
type Inner = (a: Art, b: Box) => void

class Art {
  private defs: string[] = []
  private parts: Part[] = []
  private ids = 0
  private memo = new Map<string, string>()
  readonly r: Rng
  /** Main accent and a second one, chosen per picture. */
  readonly acc: Accent
  readonly acc2: Accent
  constructor(readonly w: number, readonly h: number, readonly name: string) {
    this.r = new Rng(seedOf(name))
    const [a, b] = this.r.shuffle(ACCENTS)
    this.acc = a!
    this.acc2 = b!
  }
  /** Adds raw SVG; without a box it is a barrier that no later shape is merged across. */
  add(svg: string, box?: Box) {
    this.parts.push({ items: [svg], box, render: (items) => items[0]! })
  }
  /**
   * Adds a shape that can share one element with earlier shapes of the same look (`key`): it joins the
   * latest such part when nothing drawn since then overlaps it, so the picture looks the same, smaller.
   */
  private merge(key: string, item: string, box: Box, render: (items: string[]) => string) {
    for (let i = this.parts.length - 1; i >= Math.max(0, this.parts.length - 80); i--) {
      const part = this.parts[i]!
      if (part.key === key) {
        part.items.push(item)
        part.box = union(part.box!, box)
        return
      }
      if (!part.box || overlaps(part.box, box)) break
    }
    this.parts.push({ key, items: [item], box, render })
  }
  private def(key: string, make: (id: string) => string) {
    let url = this.memo.get(key)
    if (!url) {
      const id = (this.ids++).toString(36)
      this.defs.push(make('g' + id))
      url = `url(#g${id})`
      this.memo.set(key, url)
    }
    return url
  }
  linear(stops: string[], x2 = 1, y2 = 1, opacity?: number[]) {
    return this.def(`l${stops}${x2}${y2}${opacity}`, (id) =>
      `<linearGradient id="${id}"${x2 === 1 ? '' : ` x2="${x2}"`}${y2 ? ` y2="${y2}"` : ''}>${stops
        .map((c, i) => `<stop${i ? ` offset="${num(i / Math.max(1, stops.length - 1))}"` : ''} stop-color="${c}"${opacity ? ` stop-opacity="${num(opacity[i]!)}"` : ''}/>`)
        .join('')}</linearGradient>`)
  }
  glow(color: string, opacity: number) {
    return this.def(`r${color}${opacity}`, (id) =>
      `<radialGradient id="${id}"><stop stop-color="${color}" stop-opacity="${num(opacity)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`)
  }
  shadow() {
    return this.def('shadow', (id) =>
      `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dy="${f(this.h * 0.014)}" stdDeviation="${f(this.h * 0.016)}" flood-color="${I950}" flood-opacity=".2"/></filter>`)
  }
  dots(color: string, opacity: number, gap: number) {
    return this.def(`d${color}${opacity}${gap}`, (id) =>
      `<pattern id="${id}" width="${f(gap)}" height="${f(gap)}" patternUnits="userSpaceOnUse"><circle cx="${f(gap / 2)}" cy="${f(gap / 2)}" r="${f(1.6)}" fill="${color}" fill-opacity="${num(opacity)}"/></pattern>`)
  }
  /** Draws something once (at the origin) into the defs, and places it at b.x, b.y with <use>. */
  reuse(key: string, b: Box, draw: () => void) {
    const url = this.def(`use-${key}`, (id) => {
      const parts = this.parts
      this.parts = []
      draw()
      const svg = `<g id="${id}">${this.parts.map((part) => part.render(part.items)).join('')}</g>`
      this.parts = parts
      return svg
    })
    this.add(`<use href="#${url.slice(5, -1)}" x="${f(b.x)}" y="${f(b.y)}"/>`, b)
  }
  /** A grid of rounded cells as one pattern fill. */
  cells(x: number, y: number, cw: number, ch: number, fill: string) {
    return this.def(`c${f(x)}${f(y)}${f(cw)}${f(ch)}${fill}`, (id) =>
      `<pattern id="${id}" x="${f(x)}" y="${f(y)}" width="${f(cw)}" height="${f(ch)}" patternUnits="userSpaceOnUse"><rect x="${f(2)}" y="${f(2)}" width="${f(cw - 4)}" height="${f(ch - 4)}" rx="${f(cw * 0.08)}" fill="${fill}"/></pattern>`)
  }
  toString() {
    // Round caps and joins are inherited by every stroke: bars, glyphs and chart lines.
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w / UNIT} ${this.h / UNIT}" stroke-linecap="round" stroke-linejoin="round">` +
      (this.defs.length ? `<defs>${this.defs.some((d) => d.includes('class="q"')) ? '<style>.q{fill:none;stroke-width:.09}</style>' : ''}${this.defs.join('')}</defs>` : '') + this.parts.map((part) => part.render(part.items)).join('') + '</svg>\n'
  }

  // --- shapes -------------------------------------------------------------------------------------------
  /** A shape whose look is its fill (plus `extra`): same-look shapes share a group carrying the fill. */
  private shape(tag: string, geometry: string, box: Box, fill: string, extra: string) {
    if (/filter|transform|stroke/.test(extra)) return this.add(`<${tag} ${geometry} fill="${fill}"${extra}/>`, extra.includes('transform') ? undefined : grow(box, extra))
    this.merge(`fill|${fill}|${extra}`, `<${tag} ${geometry}/>`, box, (items) =>
      items.length === 1 ? items[0]!.replace('/>', ` fill="${fill}"${extra}/>`) : `<g fill="${fill}"${extra}>${items.join('')}</g>`)
  }
  rect(x: number, y: number, w: number, h: number, r: number, fill: string, extra = '') {
    const geometry = `${x ? `x="${f(x)}" ` : ''}${y ? `y="${f(y)}" ` : ''}width="${f(w)}" height="${f(h)}"${r ? ` rx="${f(Math.min(r, w / 2, h / 2))}"` : ''}`
    this.shape('rect', geometry, { x, y, w, h }, fill, extra)
  }
  circle(cx: number, cy: number, r: number, fill: string, extra = '') {
    this.shape('circle', `cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"`, { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r }, fill, extra)
  }
  /** A path; give its box when known, so that later shapes can be merged across it. */
  path(d: string, fill: string, extra = '', box?: Box) {
    if (box) this.shape('path', `d="${d}"`, box, fill, extra)
    else this.add(`<path d="${d}" fill="${fill}"${extra}/>`)
  }
  /** A rounded bar. Drawn as a round-capped stroke, and consecutive bars of one look share a path, to keep files small. */
  pill(x: number, y: number, w: number, h: number, fill: string, extra = '') {
    if (extra.includes('stroke')) return this.rect(x, y, w, h, h / 2, fill, extra)
    const seg = `M${f(x + h / 2)} ${f(y + h / 2)}h${f(Math.max(0, w - h))}`
    this.merge(`pill|${fill}|${f(h)}|${extra}`, seg, { x, y, w, h }, (items) =>
      `<path d="${items.join('')}" stroke="${fill}" stroke-width="${f(h)}"${extra.replace('fill-opacity', 'stroke-opacity')}/>`)
  }
  /**
   * A raised panel. Its shadow is a blurred copy; shadows that nothing drawn in between overlaps share one
   * blurred group, because every filter is a full pass when the picture is rasterised (the slow part).
   */
  card(x: number, y: number, w: number, h: number, r = Math.min(w, h) * 0.08, fill = W) {
    const blur = this.h * 0.016, dy = this.h * 0.014
    const filter = this.def('blur', (id) => `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur stdDeviation="${f(blur)}"/></filter>`)
    const geometry = `<rect ${x ? `x="${f(x)}" ` : ''}y="${f(y + dy)}" width="${f(w)}" height="${f(h)}" rx="${f(Math.min(r, w / 2, h / 2))}"/>`
    this.merge('shadow', geometry, { x: x - 3 * blur, y: y + dy - 3 * blur, w: w + 6 * blur, h: h + 6 * blur }, (items) =>
      `<g filter="${filter}" fill="${I950}" fill-opacity=".2">${items.join('')}</g>`)
    this.rect(x, y, w, h, r, fill)
  }
  glyph(name: string, cx: number, cy: number, size: number, color: string) {
    // Each glyph is defined once per file and placed with <use>; it inherits the stroke colour.
    const url = this.def(`glyph-${name}`, (id) => `<g id="${id}" class="q">${GLYPHS[name]}</g>`)
    this.add(`<use href="#${url.slice(5, -1)}" transform="translate(${f(cx)} ${f(cy)}) scale(${f(size)})" stroke="${color}"/>`,
      { x: cx - size / 2, y: cy - size / 2, w: size, h: size })
  }
  /** A rounded tile with a glyph, like an app icon. */
  tile(cx: number, cy: number, s: number, fill: string, glyph: string, color = W) {
    this.rect(cx - s / 2, cy - s / 2, s, s, s * 0.28, fill)
    this.glyph(glyph, cx, cy, s * 0.62, color)
  }
  badge(cx: number, cy: number, r: number, fill: string, glyph: string) {
    this.circle(cx, cy, r, fill, ` stroke="${W}" stroke-width="${f(r * 0.18)}"`)
    this.glyph(glyph, cx, cy, r * 1.3, W)
  }
  sparkle(cx: number, cy: number, s: number, color: string) {
    const q = Math.round((s * 0.12) / UNIT), k = Math.round(s / UNIT)
    this.path(`M${f(cx)} ${f(cy - s)}${nums('q', [q, k - q, k, k, -k + q, q, -k, k, -q, -k + q, -k, -k, k - q, -q, k, -k])}z`, color, '', { x: cx - s, y: cy - s, w: 2 * s, h: 2 * s })
  }
  /** Text stand-ins: rounded bars of varied length. */
  lines(x: number, y: number, w: number, n: number, lh: number, gap: number, color = S2) {
    for (let i = 0; i < n; i++) {
      const width = i === n - 1 && n > 1 ? w * this.r.between(0.4, 0.65) : w * this.r.between(0.82, 1)
      this.pill(x, y + i * (lh + gap), width, lh, color)
    }
  }
  avatar(cx: number, cy: number, r: number, fill: string) {
    this.circle(cx, cy, r, fill)
    this.circle(cx, cy - r * 0.18, r * 0.34, W, ' fill-opacity=".9"')
    this.path(`M${f(cx - r * 0.58)} ${f(cy + r * 0.62)}a${f(r * 0.58)} ${f(r * 0.5)} 0 0 1 ${f(r * 1.16)} 0z`, W, ' fill-opacity=".9"')
  }
  /** A picture placeholder: a gradient with soft abstract shapes, never a mountain clip-art. */
  /** One of four soft gradients for pictures and thumbnails. */
  tone(i: number) {
    return this.linear([[I4, I6], [this.acc.soft, this.acc.c], [I1, I4], [this.acc2.soft, this.acc2.c]][i % 4]!)
  }
  picture(x: number, y: number, w: number, h: number, r: number, tone = this.r.int(0, 3)) {
    this.rect(x, y, w, h, r, this.tone(tone))
    const s = Math.min(w, h)
    this.circle(x + w * 0.7, y + h * 0.4, s * 0.26, W, ' fill-opacity=".28"')
    if (s < 150) return
    this.rect(x + w * 0.18, y + h * 0.5, s * 0.42, s * 0.42, s * 0.1, W, ` fill-opacity=".22" transform="rotate(-12 ${f(x + w * 0.3)} ${f(y + h * 0.7)})"`)
  }
  bars(b: Box, n: number, colors: string[], rising = true) {
    const gap = b.w / n
    for (let i = 0; i < n; i++) {
      const t = rising ? 0.3 + (0.7 * (i + 1)) / n : 0.35
      const v = Math.min(1, t * this.r.between(0.75, 1.15) + (rising ? 0 : this.r.between(0, 0.55)))
      this.rect(b.x + i * gap + gap * 0.18, b.y + b.h * (1 - v), gap * 0.64, b.h * v, gap * 0.14, colors[i % colors.length]!)
    }
  }
  /** A smooth rising line with a soft area under it. */
  area(b: Box, color: string, n = 7, trend = 0.6, dot = true) {
    const pts: [number, number][] = []
    let v = this.r.between(0.15, 0.3)
    for (let i = 0; i < n; i++) {
      pts.push([b.x + (b.w * i) / (n - 1), b.y + b.h * (1 - Math.min(0.95, v))])
      v += (trend / (n - 1)) * this.r.between(0.2, 1.8) - this.r.between(0, 0.08)
      v = Math.max(0.08, v)
    }
    // A Catmull-Rom curve through the points, written with relative commands on the unit grid.
    const curve: [number, number][][] = []
    for (let i = 0; i < n - 1; i++) {
      const p0 = pts[i - 1] ?? pts[i]!, p1 = pts[i]!, p2 = pts[i + 1]!, p3 = pts[i + 2] ?? p2
      curve.push([[p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6], [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6], p2])
    }
    const d = relativePath(pts[0]!, curve)
    this.path(`${d}V${f(b.y + b.h)}H${f(b.x)}z`, this.linear([color, color], 0, 1, [0.3, 0]))
    this.path(d, 'none', ` stroke="${color}" stroke-width="${f(Math.max(2, b.h * 0.025))}"`)
    const last = pts[n - 1]!
    if (dot) this.circle(last[0], last[1], Math.max(5, b.h * 0.04), color, ` stroke="${W}" stroke-width="${f(Math.max(2, b.h * 0.015))}"`)
  }
  donut(cx: number, cy: number, r: number, width: number, colors: string[], track = S1) {
    this.circle(cx, cy, r, 'none', ` stroke="${track}" stroke-width="${f(width)}"`)
    const c = 2 * Math.PI * r
    let start = 0
    const parts = colors.map(() => this.r.between(0.6, 1.4))
    const total = parts.reduce((s, p) => s + p, 0) / this.r.between(0.78, 0.92)
    colors.forEach((color, i) => {
      const len = (parts[i]! / total) * c
      this.circle(cx, cy, r, 'none', ` stroke="${color}" stroke-width="${f(width)}" stroke-dasharray="${f(Math.max(1, len - width * 0.25))} ${f(c)}" stroke-dashoffset="${f(-start)}" transform="rotate(-90 ${f(cx)} ${f(cy)})"`)
      start += len
    })
  }
  /** Curved connector with a dot at its end. */
  connect(x1: number, y1: number, x2: number, y2: number, color: string, dashed = true, vertical = false) {
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2
    const d = relativePath([x1, y1], [vertical ? [[x1, my], [x2, my], [x2, y2]] : [[mx, y1], [mx, y2], [x2, y2]]])
    this.path(d, 'none', ` stroke="${color}" stroke-width="${f(Math.max(2, this.h * 0.004))}"${dashed ? ` stroke-dasharray="${f(this.h * 0.012)} ${f(this.h * 0.01)}"` : ''}`)
    this.circle(x2, y2, this.h * 0.008, color)
  }

  // --- backgrounds --------------------------------------------------------------------------------------
  background(dark: boolean) {
    const { w, h, r } = this
    if (dark) this.rect(0, 0, w, h, 0, this.linear([I950, I9, I7], 1, 1))
    else this.rect(0, 0, w, h, 0, this.linear([I0, W, this.acc.tint], 1, 1))
    const blobs: [string, number][] = dark ? [[I6, 0.9], [this.acc.c, 0.35], [SKY, 0.3]] : [[I2, 0.7], [this.acc.soft, 0.6], [I1, 0.8]]
    for (const [color, opacity] of blobs) {
      this.circle(w * r.between(0, 1), h * r.between(0, 1), Math.max(w, h) * r.between(0.25, 0.42), this.glow(color, opacity))
    }
    const gap = Math.round(Math.max(w, h) / 48)
    const dx = r.chance(0.5) ? 0 : w * 0.6
    this.rect(dx + w * 0.04, h * 0.06, w * 0.36, h * 0.4, 0, this.dots(dark ? W : I6, dark ? 0.14 : 0.16, gap))
    if (dark) this.circle(w * r.between(0.6, 0.9), h * r.between(0.1, 0.4), h * 0.42, 'none', ` stroke="${W}" stroke-opacity=".07" stroke-width="${f(2)}"`)
  }

  // --- containers ---------------------------------------------------------------------------------------
  browser(b: Box, inner?: Inner) {
    const { x, y, w, h } = b
    const r = Math.min(w, h) * 0.035
    const hb = Math.max(18, Math.min(40, h * 0.075))
    this.card(x, y, w, h, r)
    this.path(`M${f(x)} ${f(y + hb)}V${f(y + r)}Q${f(x)} ${f(y)} ${f(x + r)} ${f(y)}H${f(x + w - r)}Q${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + r)}V${f(y + hb)}z`, S1)
    ;['#fca5a5', '#fcd34d', '#86efac'].forEach((c, i) => this.circle(x + hb * (0.6 + i * 0.45), y + hb / 2, hb * 0.13, c))
    this.pill(x + w * 0.3, y + hb * 0.25, w * 0.4, hb * 0.5, W)
    inner?.(this, { x, y: y + hb, w, h: h - hb })
  }
  phone(b: Box, inner?: Inner) {
    const { x, y, w, h } = b
    const e = w * 0.04
    // Phones of one size share one drawing of the frame.
    this.reuse(`phone${f(w)}x${f(h)}`, b, () => {
      this.card(0, 0, w, h, w * 0.17, S9)
      this.rect(e, e, w - 2 * e, h - 2 * e, w * 0.17 - e, W)
      this.pill(w * 0.36, e + w * 0.035, w * 0.28, w * 0.075, S9)
      this.pill(w * 0.36, h - e - w * 0.045, w * 0.28, w * 0.018, S3)
    })
    const top = w * 0.15
    inner?.(this, { x: x + e, y: y + e + top, w: w - 2 * e, h: h - 2 * e - top - w * 0.06 })
  }
  tablet(b: Box, inner?: Inner) {
    const { x, y, w, h } = b
    const e = Math.min(w, h) * 0.045
    this.card(x, y, w, h, Math.min(w, h) * 0.08, S9)
    this.rect(x + e, y + e, w - 2 * e, h - 2 * e, Math.min(w, h) * 0.04, W)
    inner?.(this, { x: x + e, y: y + e * 1.5, w: w - 2 * e, h: h - 3 * e })
  }
  laptop(b: Box, inner?: Inner) {
    const { x, y, w, h } = b
    const sh = h * 0.92, e = w * 0.025
    this.card(x + w * 0.06, y, w * 0.88, sh, w * 0.03, S9)
    this.rect(x + w * 0.06 + e, y + e, w * 0.88 - 2 * e, sh - 2 * e, w * 0.01, W)
    this.path(`M${f(x)} ${f(y + sh)}H${f(x + w)}l${f(-w * 0.03)} ${f(h * 0.08)}H${f(x + w * 0.03)}z`, S3)
    this.pill(x + w * 0.42, y + sh, w * 0.16, h * 0.025, S4)
    inner?.(this, { x: x + w * 0.06 + e, y: y + e, w: w * 0.88 - 2 * e, h: sh - 2 * e })
  }
  /** A free-floating white panel that holds an inner layout. */
  panel(b: Box, inner?: Inner) {
    this.card(b.x, b.y, b.w, b.h, Math.min(b.w, b.h) * 0.06)
    inner?.(this, b)
  }

  // --- floating widgets ---------------------------------------------------------------------------------
  statCard(x: number, y: number, w: number, h: number, glyph: string, color = this.acc.c, chart: 'line' | 'bars' | 'none' = 'line') {
    this.card(x, y, w, h)
    const p = h * 0.16
    const t = Math.min(h * 0.34, w * 0.22)
    this.tile(x + p + t / 2, y + p + t / 2, t, color, glyph)
    this.pill(x + p * 1.6 + t, y + p + t * 0.08, w * 0.3, t * 0.26, S2)
    this.pill(x + p * 1.6 + t, y + p + t * 0.5, w * 0.22, t * 0.42, I9)
    const cb = { x: x + p, y: y + p * 1.8 + t, w: w - 2 * p, h: h - p * 2.8 - t }
    if (cb.h > 8) {
      if (chart === 'line') this.area(cb, color, 6, 0.7, false)
      else if (chart === 'bars') this.bars(cb, 7, [I2, I2, I2, I2, I2, I2, color])
    }
  }
  toast(x: number, y: number, w: number, h: number, glyph: string, color = this.acc.c) {
    this.card(x, y, w, h, h * 0.28)
    const t = h * 0.56
    this.tile(x + h * 0.22 + t / 2, y + h / 2, t, color, glyph)
    this.pill(x + h * 0.44 + t, y + h * 0.3, w * 0.5, h * 0.14, I9, ' fill-opacity=".85"')
    this.pill(x + h * 0.44 + t, y + h * 0.56, w * 0.36, h * 0.12, S2)
  }
  node(x: number, y: number, w: number, h: number, glyph: string, color: string) {
    this.card(x, y, w, h, h * 0.22)
    const t = h * 0.56
    this.tile(x + h * 0.22 + t / 2, y + h / 2, t, color, glyph)
    this.pill(x + h * 0.42 + t, y + h * 0.32, w - t - h * 0.7, h * 0.13, S3)
    this.pill(x + h * 0.42 + t, y + h * 0.56, (w - t - h * 0.7) * 0.6, h * 0.11, S2)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Screen layouts (drawn inside a container's box)

const pad = (b: Box, p: number): Box => ({ x: b.x + p, y: b.y + p, w: b.w - 2 * p, h: b.h - 2 * p })

const screens = {
  landing(a, b) {
    const p = b.w * 0.06
    const { x, w } = b
    const y = b.y + b.h * 0.06
    a.circle(x + p + b.h * 0.025, y + b.h * 0.025, b.h * 0.025, I6)
    for (let i = 0; i < 3; i++) a.pill(x + w * 0.5 + i * w * 0.1, y + b.h * 0.015, w * 0.07, b.h * 0.02, S2)
    a.pill(x + w - p - w * 0.12, y, w * 0.12, b.h * 0.05, I6)
    const hy = b.y + b.h * 0.2
    a.pill(x + p, hy, w * 0.38, b.h * 0.05, I9)
    a.pill(x + p, hy + b.h * 0.08, w * 0.3, b.h * 0.05, I9)
    a.lines(x + p, hy + b.h * 0.18, w * 0.36, 2, b.h * 0.022, b.h * 0.02)
    a.pill(x + p, hy + b.h * 0.3, w * 0.15, b.h * 0.065, a.acc.c)
    a.pill(x + p + w * 0.17, hy + b.h * 0.3, w * 0.12, b.h * 0.065, W, ` stroke="${I2}" stroke-width="${f(2)}"`)
    a.picture(x + w * 0.52, hy - b.h * 0.02, w * 0.42, b.h * 0.42, b.w * 0.02, 0)
    const cy = b.y + b.h * 0.7, cw = (w - 2 * p - 2 * w * 0.03) / 3
    for (let i = 0; i < 3; i++) {
      const cx = x + p + i * (cw + w * 0.03)
      a.rect(cx, cy, cw, b.h * 0.24, b.w * 0.015, S1)
      a.circle(cx + b.h * 0.06, cy + b.h * 0.06, b.h * 0.03, [a.acc.c, I6, a.acc2.c][i]!)
      a.lines(cx + b.h * 0.03, cy + b.h * 0.12, cw * 0.7, 1, b.h * 0.02, 0, S3)
    }
  },
  wireframe(a, b) {
    const p = b.w * 0.06
    const { x, w } = b
    const s = ` stroke="${S4}" stroke-width="${f(2)}" stroke-dasharray="${f(6)} ${f(5)}"`
    a.rect(x + p, b.y + b.h * 0.06, w - 2 * p, b.h * 0.06, 4, 'none', s)
    a.rect(x + p, b.y + b.h * 0.18, w * 0.4, b.h * 0.36, 4, 'none', s)
    a.path(`M${f(x + p)} ${f(b.y + b.h * 0.18)}l${f(w * 0.4)} ${f(b.h * 0.36)}m0 ${f(-b.h * 0.36)}l${f(-w * 0.4)} ${f(b.h * 0.36)}`, 'none', ` stroke="${S3}" stroke-width="${f(2)}"`)
    a.lines(x + w * 0.52, b.y + b.h * 0.2, w * 0.4, 4, b.h * 0.03, b.h * 0.03, S3)
    const cw = (w - 2 * p - 2 * w * 0.03) / 3
    for (let i = 0; i < 3; i++) a.rect(x + p + i * (cw + w * 0.03), b.y + b.h * 0.62, cw, b.h * 0.3, 4, 'none', s)
  },
  dashboard(a, b) {
    const side = b.w * 0.18
    a.rect(b.x, b.y, side, b.h, 0, I9)
    a.circle(b.x + side * 0.25, b.y + b.h * 0.07, b.h * 0.025, a.acc.c)
    for (let i = 0; i < 5; i++) a.pill(b.x + side * 0.15, b.y + b.h * (0.18 + i * 0.09), side * (i === 1 ? 0.7 : 0.55), b.h * 0.025, W, ` fill-opacity="${i === 1 ? 0.9 : 0.3}"`)
    const m = { x: b.x + side, y: b.y, w: b.w - side, h: b.h }
    const p = m.w * 0.05
    const cw = (m.w - 2 * p - 2 * p * 0.6) / 3
    for (let i = 0; i < 3; i++) {
      const cx = m.x + p + i * (cw + p * 0.6), cy = m.y + m.h * 0.08
      a.rect(cx, cy, cw, m.h * 0.22, m.w * 0.015, S1)
      a.pill(cx + cw * 0.1, cy + m.h * 0.05, cw * 0.4, m.h * 0.025, S3)
      a.pill(cx + cw * 0.1, cy + m.h * 0.11, cw * 0.55, m.h * 0.05, I9)
      a.pill(cx + cw * 0.7, cy + m.h * 0.115, cw * 0.2, m.h * 0.04, [EM, a.acc.c, SKY][i]!, ' fill-opacity=".25"')
    }
    const chart = { x: m.x + p, y: m.y + m.h * 0.38, w: m.w * 0.58, h: m.h * 0.52 }
    for (let i = 0; i < 4; i++) a.rect(chart.x, chart.y + (chart.h * i) / 3, chart.w, 1.5, 0, S2)
    a.area(chart, I6)
    a.donut(m.x + m.w * 0.82, m.y + m.h * 0.62, m.h * 0.15, m.h * 0.06, [I6, a.acc.c, SKY])
  },
  chat(a, b) {
    const p = b.w * 0.07
    a.rect(b.x, b.y, b.w, b.h * 0.12, 0, S1)
    a.tile(b.x + p + b.h * 0.035, b.y + b.h * 0.06, b.h * 0.07, I6, 'bot')
    a.pill(b.x + p + b.h * 0.1, b.y + b.h * 0.045, b.w * 0.3, b.h * 0.03, I9)
    let y = b.y + b.h * 0.17
    const msgs = [false, true, false, true]
    for (const mine of msgs) {
      const n = a.r.int(1, 2)
      const bw = b.w * a.r.between(0.5, 0.66), bh = b.h * (0.035 + n * 0.045)
      const bx = mine ? b.x + b.w - p - bw : b.x + p
      a.rect(bx, y, bw, bh, b.h * 0.03, mine ? I6 : I0)
      a.lines(bx + bw * 0.08, y + b.h * 0.03, bw * 0.84, n, b.h * 0.022, b.h * 0.022, mine ? '#a5b4fc' : I2)
      y += bh + b.h * 0.04
      if (y > b.y + b.h * 0.72) break
    }
    for (let i = 0; i < 3; i++) a.circle(b.x + p + b.w * 0.04 + i * b.w * 0.04, y + b.h * 0.03, b.h * 0.011, S4)
    a.pill(b.x + p, b.y + b.h * 0.86, b.w - 2 * p, b.h * 0.085, S1)
    a.circle(b.x + b.w - p - b.h * 0.0425, b.y + b.h * 0.9025, b.h * 0.032, a.acc.c)
  },
  list(a, b) {
    const p = b.w * 0.08
    a.pill(b.x + p, b.y + b.h * 0.02, b.w * 0.45, b.h * 0.04, I9)
    a.pill(b.x + p, b.y + b.h * 0.09, b.w - 2 * p, b.h * 0.06, S1)
    for (let i = 0; i < 3; i++) a.pill(b.x + p + i * b.w * 0.26, b.y + b.h * 0.18, b.w * 0.22, b.h * 0.045, i ? I0 : I6)
    for (let i = 0; i < 4; i++) {
      const y = b.y + b.h * (0.28 + i * 0.15)
      a.rect(b.x + p, y, b.h * 0.11, b.h * 0.11, b.h * 0.025, a.tone(i))
      a.pill(b.x + p + b.h * 0.14, y + b.h * 0.02, b.w * 0.4, b.h * 0.025, S3)
      a.pill(b.x + p + b.h * 0.14, y + b.h * 0.065, b.w * 0.28, b.h * 0.022, S2)
    }
    a.rect(b.x, b.y + b.h * 0.9, b.w, b.h * 0.1, 0, S1)
    a.glyph('layout', b.x + b.w * 0.14, b.y + b.h * 0.95, b.h * 0.06, I6)
    for (let i = 1; i < 4; i++) a.pill(b.x + b.w * (0.14 + i * 0.24) - b.h * 0.025, b.y + b.h * 0.935, b.h * 0.05, b.h * 0.03, S3)
  },
  menu(a, b) {
    const p = b.w * 0.07
    a.picture(b.x + p, b.y, b.w - 2 * p, b.h * 0.22, b.w * 0.05, 1)
    a.glyph('cup', b.x + b.w * 0.5, b.y + b.h * 0.11, b.h * 0.12, W)
    for (let i = 0; i < 3; i++) a.pill(b.x + p + i * b.w * 0.27, b.y + b.h * 0.26, b.w * 0.23, b.h * 0.045, i ? S1 : a.acc.c)
    const cw = (b.w - 2 * p - p * 0.6) / 2
    for (let i = 0; i < 4; i++) {
      const cx = b.x + p + (i % 2) * (cw + p * 0.6), cy = b.y + b.h * (0.35 + Math.floor(i / 2) * 0.3)
      a.rect(cx, cy, cw, b.h * 0.27, b.w * 0.04, S1)
      a.circle(cx + cw / 2, cy + b.h * 0.09, b.h * 0.065, [a.acc.soft, I2, a.acc2.soft, I1][i]!)
      a.circle(cx + cw / 2, cy + b.h * 0.09, b.h * 0.035, W, ' fill-opacity=".7"')
      a.pill(cx + cw * 0.15, cy + b.h * 0.18, cw * 0.7, b.h * 0.022, S3)
      a.pill(cx + cw * 0.15, cy + b.h * 0.22, cw * 0.35, b.h * 0.028, a.acc.c)
    }
  },
  fitness(a, b) {
    const cx = b.x + b.w / 2, cy = b.y + b.h * 0.22, r = Math.min(b.w * 0.3, b.h * 0.17)
    const c = 2 * Math.PI
    ;[[a.acc.c, 1], [EM, 0.72], [SKY, 0.46]].forEach(([color, k], i) => {
      const rr = r * (k as number)
      a.circle(cx, cy, rr, 'none', ` stroke="${S1}" stroke-width="${f(r * 0.16)}"`)
      a.circle(cx, cy, rr, 'none', ` stroke="${color}" stroke-width="${f(r * 0.16)}" stroke-dasharray="${f(c * rr * a.r.between(0.55, 0.85))} ${f(c * rr)}" transform="rotate(-90 ${f(cx)} ${f(cy)})"`)
      void i
    })
    const p = b.w * 0.08, cw = (b.w - 2 * p - 2 * p * 0.5) / 3
    for (let i = 0; i < 3; i++) {
      const x = b.x + p + i * (cw + p * 0.5), y = b.y + b.h * 0.45
      a.rect(x, y, cw, b.h * 0.13, b.w * 0.04, S1)
      a.pill(x + cw * 0.18, y + b.h * 0.03, cw * 0.64, b.h * 0.035, I9)
      a.pill(x + cw * 0.18, y + b.h * 0.08, cw * 0.4, b.h * 0.02, S3)
    }
    a.bars({ x: b.x + p, y: b.y + b.h * 0.64, w: b.w - 2 * p, h: b.h * 0.3 }, 7, [I2, I2, I6, I2, I2, a.acc.c, I2], false)
  },
  shop(a, b) {
    const p = b.w * 0.05
    a.picture(b.x + p, b.y + b.h * 0.05, b.w - 2 * p, b.h * 0.26, b.w * 0.015, 0)
    a.pill(b.x + p * 2, b.y + b.h * 0.12, b.w * 0.3, b.h * 0.045, W)
    a.pill(b.x + p * 2, b.y + b.h * 0.2, b.w * 0.12, b.h * 0.05, a.acc.c)
    const cols = 4, gap = b.w * 0.025, cw = (b.w - 2 * p - gap * (cols - 1)) / cols
    for (let i = 0; i < 8; i++) {
      const x = b.x + p + (i % cols) * (cw + gap), y = b.y + b.h * (0.37 + Math.floor(i / cols) * 0.31)
      if (y + b.h * 0.27 > b.y + b.h) break
      a.rect(x, y, cw, b.h * 0.27, b.w * 0.012, S1)
      a.picture(x + cw * 0.08, y + cw * 0.08, cw * 0.84, b.h * 0.14, b.w * 0.01, i % 4)
      a.pill(x + cw * 0.08, y + b.h * 0.18, cw * 0.6, b.h * 0.02, S3)
      a.pill(x + cw * 0.08, y + b.h * 0.22, cw * 0.3, b.h * 0.025, I6)
    }
  },
  product(a, b) {
    const p = b.w * 0.08
    a.picture(b.x + p, b.y, b.w - 2 * p, b.h * 0.4, b.w * 0.06, 3)
    a.pill(b.x + p, b.y + b.h * 0.45, b.w * 0.6, b.h * 0.035, I9)
    a.pill(b.x + p, b.y + b.h * 0.52, b.w * 0.3, b.h * 0.02, AM)
    a.lines(b.x + p, b.y + b.h * 0.58, b.w - 2 * p, 3, b.h * 0.02, b.h * 0.018)
    ;[I6, a.acc.c, EM, S9].forEach((c, i) => a.circle(b.x + p + b.h * 0.025 + i * b.h * 0.065, b.y + b.h * 0.76, b.h * 0.022, c))
    a.pill(b.x + p, b.y + b.h * 0.86, b.w - 2 * p, b.h * 0.08, I6)
    a.glyph('cart', b.x + b.w / 2, b.y + b.h * 0.9, b.h * 0.05, W)
  },
  kanban(a, b) {
    const p = b.w * 0.04, cols = 3, gap = b.w * 0.03
    const cw = (b.w - 2 * p - gap * (cols - 1)) / cols
    const colors = [S4, a.acc.c, EM]
    for (let c = 0; c < cols; c++) {
      const x = b.x + p + c * (cw + gap)
      a.rect(x, b.y + b.h * 0.06, cw, b.h * 0.88, b.w * 0.015, S1)
      a.circle(x + cw * 0.1, b.y + b.h * 0.12, b.h * 0.015, colors[c]!)
      a.pill(x + cw * 0.17, b.y + b.h * 0.108, cw * 0.35, b.h * 0.025, S4)
      const n = a.r.int(2, 3)
      let y = b.y + b.h * 0.18
      for (let i = 0; i < n; i++) {
        const ch = b.h * a.r.between(0.17, 0.22)
        a.rect(x + cw * 0.06, y, cw * 0.88, ch, b.w * 0.01, W)
        a.pill(x + cw * 0.12, y + ch * 0.18, cw * 0.22, ch * 0.13, [I2, a.acc.soft, a.acc2.soft][(c + i) % 3]!)
        a.lines(x + cw * 0.12, y + ch * 0.42, cw * 0.65, 2, ch * 0.1, ch * 0.08, S2)
        a.circle(x + cw * 0.82, y + ch * 0.76, ch * 0.11, [I6, a.acc.c, SKY][(c + i) % 3]!)
        y += ch + b.h * 0.025
      }
    }
  },
  tasks(a, b) {
    const p = b.w * 0.08
    const r = b.h * 0.09, cx = b.x + p + r, cy = b.y + b.h * 0.11
    a.donut(cx, cy, r, r * 0.3, [EM])
    a.pill(cx + r * 1.6, cy - r * 0.45, b.w * 0.38, b.h * 0.035, I9)
    a.pill(cx + r * 1.6, cy + r * 0.15, b.w * 0.25, b.h * 0.025, S3)
    for (let i = 0; i < 4; i++) {
      const y = b.y + b.h * (0.28 + i * 0.15), done = i < 2
      a.rect(b.x + p, y, b.w - 2 * p, b.h * 0.1, b.w * 0.04, S1)
      a.rect(b.x + p + b.w * 0.05, y + b.h * 0.03, b.h * 0.04, b.h * 0.04, b.h * 0.01, done ? EM : W, done ? '' : ` stroke="${S3}" stroke-width="${f(2)}"`)
      if (done) a.glyph('check', b.x + p + b.w * 0.05 + b.h * 0.02, y + b.h * 0.05, b.h * 0.04, W)
      a.pill(b.x + p + b.w * 0.05 + b.h * 0.07, y + b.h * 0.04, b.w * a.r.between(0.3, 0.5), b.h * 0.022, done ? S3 : S4)
    }
  },
  inventory(a, b) {
    const p = b.w * 0.05
    const kp = (b.w - 2 * p - 2 * p * 0.6) / 3
    for (let i = 0; i < 3; i++) {
      const x = b.x + p + i * (kp + p * 0.6)
      a.rect(x, b.y + b.h * 0.06, kp, b.h * 0.2, b.w * 0.012, S1)
      a.tile(x + kp * 0.16, b.y + b.h * 0.16, b.h * 0.08, [I6, a.acc.c, EM][i]!, ['box', 'cart', 'chart'][i]!)
      a.pill(x + kp * 0.32, b.y + b.h * 0.12, kp * 0.4, b.h * 0.03, S3)
      a.pill(x + kp * 0.32, b.y + b.h * 0.17, kp * 0.5, b.h * 0.045, I9)
    }
    for (let i = 0; i < 5; i++) {
      const y = b.y + b.h * (0.33 + i * 0.125)
      a.rect(b.x + p, y, b.w - 2 * p, 1.5, 0, S2)
      a.rect(b.x + p, y + b.h * 0.03, b.h * 0.065, b.h * 0.065, b.h * 0.015, [I1, a.acc.tint, I0][i % 3]!)
      a.pill(b.x + p + b.h * 0.1, y + b.h * 0.05, b.w * 0.22, b.h * 0.025, S3)
      a.pill(b.x + b.w * 0.45, y + b.h * 0.05, b.w * 0.12, b.h * 0.025, S2)
      const level = a.r.between(0.15, 1)
      a.pill(b.x + b.w * 0.62, y + b.h * 0.05, b.w * 0.16, b.h * 0.025, S1)
      a.pill(b.x + b.w * 0.62, y + b.h * 0.05, b.w * 0.16 * level, b.h * 0.025, level < 0.35 ? AM : I4)
      a.pill(b.x + b.w - p - b.w * 0.1, y + b.h * 0.038, b.w * 0.1, b.h * 0.05, level < 0.35 ? AM : EM, ' fill-opacity=".22"')
    }
  },
  analytics(a, b) {
    const p = b.w * 0.05
    const kw = (b.w - 2 * p - 3 * p * 0.5) / 4
    for (let i = 0; i < 4; i++) {
      const x = b.x + p + i * (kw + p * 0.5)
      a.pill(x, b.y + b.h * 0.07, kw * 0.5, b.h * 0.025, S3)
      a.pill(x, b.y + b.h * 0.12, kw * 0.7, b.h * 0.05, I9)
      a.pill(x, b.y + b.h * 0.2, kw * 0.9, b.h * 0.012, i === 1 ? a.acc.c : I2)
    }
    const chart = { x: b.x + p, y: b.y + b.h * 0.34, w: b.w - 2 * p, h: b.h * 0.56 }
    for (let i = 0; i < 4; i++) a.rect(chart.x, chart.y + (chart.h * i) / 3, chart.w, 1.5, 0, S2)
    a.area({ ...chart, y: chart.y + chart.h * 0.25, h: chart.h * 0.75 }, I4, 8, 0.35, false)
    a.area(chart, I6, 8, 0.75)
  },
  calendar(a, b) {
    const p = b.w * 0.05
    a.pill(b.x + p, b.y + b.h * 0.06, b.w * 0.3, b.h * 0.05, I9)
    a.circle(b.x + b.w - p - b.h * 0.03, b.y + b.h * 0.085, b.h * 0.03, S1)
    a.circle(b.x + b.w - p - b.h * 0.11, b.y + b.h * 0.085, b.h * 0.03, S1)
    const cw = (b.w - 2 * p) / 7, ch = (b.h * 0.78) / 5
    const chips = [a.acc.c, I6, SKY, EM]
    const top = b.y + b.h * 0.18
    a.rect(b.x + p, top, cw * 7, ch * 5, 0, a.cells(b.x + p, top, cw, ch, S1))
    a.rect(b.x + p + 3 * cw + 2, top + 2 * ch + 2, cw - 4, ch - 4, cw * 0.08, I1)
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 7; c++) {
        const x = b.x + p + c * cw, y = top + r * ch
        if (a.r.chance(0.32)) a.pill(x + cw * 0.12, y + ch * 0.55, cw * a.r.between(0.45, 0.76), ch * 0.18, a.r.pick(chips))
      }
    }
  },
  schedule(a, b) {
    const p = b.w * 0.08
    a.pill(b.x + p, b.y + b.h * 0.02, b.w * 0.5, b.h * 0.04, I9)
    const d = (b.w - 2 * p) / 7
    for (let i = 0; i < 7; i++) a.circle(b.x + p + d * (i + 0.5), b.y + b.h * 0.13, d * 0.4, i === 2 ? I6 : S1)
    const colors = [a.acc.c, EM, SKY, I6]
    for (let i = 0; i < 3; i++) {
      const y = b.y + b.h * (0.24 + i * 0.22)
      a.rect(b.x + p, y, b.w - 2 * p, b.h * 0.16, b.w * 0.05, i === 1 ? I0 : S1)
      a.pill(b.x + p + b.w * 0.04, y + b.h * 0.03, b.w * 0.025, b.h * 0.1, colors[i]!)
      a.pill(b.x + p + b.w * 0.12, y + b.h * 0.035, b.w * 0.4, b.h * 0.025, I9, ' fill-opacity=".8"')
      a.pill(b.x + p + b.w * 0.12, y + b.h * 0.085, b.w * 0.25, b.h * 0.02, S3)
      a.circle(b.x + b.w - p - b.w * 0.1, y + b.h * 0.08, b.h * 0.03, colors[(i + 1) % 4]!, ' fill-opacity=".3"')
    }
  },
  loyalty(a, b) {
    const p = b.w * 0.08
    a.rect(b.x + p, b.y, b.w - 2 * p, b.h * 0.3, b.w * 0.06, a.linear([AM, '#ea580c']))
    a.glyph('cup', b.x + p + b.w * 0.12, b.y + b.h * 0.08, b.h * 0.07, W)
    a.pill(b.x + p + b.w * 0.05, b.y + b.h * 0.18, b.w * 0.4, b.h * 0.03, W, ' fill-opacity=".8"')
    const r = (b.w - 2 * p) / 12
    for (let i = 0; i < 10; i++) {
      const cx = b.x + p + r * 1.2 + (i % 5) * r * 2.4, cy = b.y + b.h * (0.4 + Math.floor(i / 5) * 0.11)
      a.circle(cx, cy, r * 0.9, i < 7 ? AM : S1)
      if (i === 6) a.glyph('check', cx, cy, r, W)
    }
    a.lines(b.x + p, b.y + b.h * 0.64, b.w - 2 * p, 3, b.h * 0.022, b.h * 0.025)
    a.pill(b.x + p, b.y + b.h * 0.85, b.w - 2 * p, b.h * 0.08, I6)
  },
  checkout(a, b) {
    const p = b.w * 0.08
    for (let i = 0; i < 2; i++) {
      const y = b.y + b.h * (0.02 + i * 0.14)
      a.picture(b.x + p, y, b.h * 0.1, b.h * 0.1, b.h * 0.02, i + 1)
      a.pill(b.x + p + b.h * 0.13, y + b.h * 0.02, b.w * 0.35, b.h * 0.022, S3)
      a.pill(b.x + p + b.h * 0.13, y + b.h * 0.06, b.w * 0.18, b.h * 0.025, I6)
    }
    for (let i = 0; i < 3; i++) {
      const y = b.y + b.h * (0.33 + i * 0.13)
      a.pill(b.x + p, y, b.w * 0.25, b.h * 0.02, S4)
      a.rect(b.x + p, y + b.h * 0.035, b.w - 2 * p, b.h * 0.065, b.w * 0.03, W, ` stroke="${S2}" stroke-width="${f(2)}"`)
    }
    a.rect(b.x + p, b.y + b.h * 0.73, b.w - 2 * p, 1.5, 0, S2)
    a.pill(b.x + p, b.y + b.h * 0.77, b.w * 0.2, b.h * 0.03, S4)
    a.pill(b.x + b.w - p - b.w * 0.25, b.y + b.h * 0.765, b.w * 0.25, b.h * 0.04, I9)
    a.pill(b.x + p, b.y + b.h * 0.86, b.w - 2 * p, b.h * 0.08, a.acc.c)
    a.glyph('lock', b.x + b.w / 2, b.y + b.h * 0.9, b.h * 0.045, W)
  },
  tickets(a, b) {
    const p = b.w * 0.04
    const side = b.w * 0.28
    a.rect(b.x, b.y, side, b.h, 0, S1)
    for (let i = 0; i < 4; i++) {
      const y = b.y + b.h * (0.05 + i * 0.18)
      a.rect(b.x + p * 0.6, y, side - p * 1.2, b.h * 0.15, b.w * 0.01, i === 0 ? W : S1)
      a.avatar(b.x + p * 0.6 + b.h * 0.05, y + b.h * 0.055, b.h * 0.03, [I4, a.acc.c, SKY, EM, I6][i]!)
      a.pill(b.x + p * 0.6 + b.h * 0.1, y + b.h * 0.035, side * 0.45, b.h * 0.02, S3)
      a.pill(b.x + p * 0.6 + b.h * 0.1, y + b.h * 0.075, side * 0.3, b.h * 0.018, S2)
      a.circle(b.x + side - p * 1.4, y + b.h * 0.045, b.h * 0.012, [AM, EM, S3][i % 3]!)
    }
    screens.chat(a, { x: b.x + side, y: b.y, w: b.w - side, h: b.h })
  },
  report(a, b) {
    const p = b.w * 0.1
    a.pill(b.x + p, b.y + b.h * 0.06, b.w * 0.5, b.h * 0.04, I9)
    a.lines(b.x + p, b.y + b.h * 0.14, b.w * 0.7, 2, b.h * 0.018, b.h * 0.018)
    a.rect(b.x + p, b.y + b.h * 0.24, b.w - 2 * p, b.h * 0.3, b.w * 0.03, I0)
    a.bars({ x: b.x + p * 1.3, y: b.y + b.h * 0.27, w: b.w - 2.6 * p, h: b.h * 0.24 }, 6, [I4, I6])
    a.donut(b.x + p + b.h * 0.09, b.y + b.h * 0.68, b.h * 0.08, b.h * 0.03, [I6, a.acc.c])
    a.lines(b.x + p + b.h * 0.22, b.y + b.h * 0.62, b.w * 0.45, 3, b.h * 0.018, b.h * 0.022)
    for (let i = 0; i < 2; i++) {
      a.circle(b.x + p + b.h * 0.015, b.y + b.h * (0.83 + i * 0.06), b.h * 0.015, EM)
      a.pill(b.x + p + b.h * 0.05, b.y + b.h * (0.82 + i * 0.06), b.w * 0.5, b.h * 0.018, S2)
    }
  },
} satisfies Record<string, Inner>

// ---------------------------------------------------------------------------------------------------------
// Scenes

type Scene = (a: Art) => void

/** Phone proportions: 9 by 19. */
const phoneBox = (x: number, y: number, h: number): Box => ({ x, y, w: h * 0.49, h })

const scenes = {
  homeHero(a: Art) {
    const { w, h } = a
    a.background(true)
    a.browser({ x: w * 0.08, y: h * 0.14, w: w * 0.66, h: h * 0.66 }, screens.landing)
    a.phone(phoneBox(w * 0.68, h * 0.3, h * 0.62), screens.list)
    a.statCard(w * 0.6, h * 0.07, w * 0.2, h * 0.12, 'chart', EM, 'none')
    a.toast(w * 0.03, h * 0.72, w * 0.24, h * 0.1, 'check', a.acc.c)
  },
  about(a: Art) {
    const { w, h } = a
    a.background(false)
    // An abstract city map with a pin: the studio is local.
    const m = { x: w * 0.08, y: h * 0.12, w: w * 0.5, h: h * 0.62 }
    a.card(m.x, m.y, m.w, m.h, w * 0.03, I0)
    for (let i = 1; i < 5; i++) a.rect(m.x + (m.w * i) / 5 + a.r.between(-20, 20), m.y, w * 0.012, m.h, 0, W)
    for (let i = 1; i < 4; i++) a.rect(m.x, m.y + (m.h * i) / 4 + a.r.between(-20, 20), m.w, w * 0.012, 0, W)
    a.path(`M${f(m.x)} ${f(m.y + m.h * 0.8)}C${f(m.x + m.w * 0.3)} ${f(m.y + m.h * 0.55)} ${f(m.x + m.w * 0.6)} ${f(m.y + m.h * 0.95)} ${f(m.x + m.w)} ${f(m.y + m.h * 0.6)}`, 'none', ` stroke="${SKY}" stroke-opacity=".35" stroke-width="${f(w * 0.025)}"`)
    a.rect(m.x + m.w * 0.62, m.y + m.h * 0.08, m.w * 0.22, m.h * 0.2, w * 0.01, EM, ' fill-opacity=".25"')
    a.circle(m.x + m.w * 0.45, m.y + m.h * 0.47, h * 0.1, I6, ' fill-opacity=".15"')
    a.path(`M${f(m.x + m.w * 0.45)} ${f(m.y + m.h * 0.47)}c${f(-h * 0.05)} ${f(-h * 0.06)} ${f(-h * 0.07)} ${f(-h * 0.09)} ${f(-h * 0.07)} ${f(-h * 0.13)}a${f(h * 0.07)} ${f(h * 0.07)} 0 0 1 ${f(h * 0.14)} 0c0 ${f(h * 0.04)} ${f(-h * 0.02)} ${f(h * 0.07)} ${f(-h * 0.07)} ${f(h * 0.13)}z`, I6)
    a.circle(m.x + m.w * 0.45, m.y + m.h * 0.47 - h * 0.13, h * 0.028, W)
    // The team: people working together on a shared board.
    const t = { x: w * 0.5, y: h * 0.3, w: w * 0.42, h: h * 0.56 }
    a.card(t.x, t.y, t.w, t.h, w * 0.025)
    const colors = [I6, a.acc.c, SKY, EM]
    for (let i = 0; i < 3; i++) {
      const y = t.y + t.h * (0.1 + i * 0.3)
      a.avatar(t.x + t.w * 0.14, y + t.h * 0.1, t.h * 0.085, colors[i]!)
      a.pill(t.x + t.w * 0.28, y + t.h * 0.05, t.w * 0.4, t.h * 0.035, I9)
      a.pill(t.x + t.w * 0.28, y + t.h * 0.12, t.w * 0.55, t.h * 0.025, S2)
      a.pill(t.x + t.w * 0.28, y + t.h * 0.17, t.w * 0.3, t.h * 0.025, S2)
      a.circle(t.x + t.w * 0.88, y + t.h * 0.09, t.h * 0.035, [EM, a.acc.c, I2][i]!)
    }
    a.toast(w * 0.62, h * 0.08, w * 0.3, h * 0.13, 'heart', a.acc.c)
    a.statCard(w * 0.04, h * 0.7, w * 0.3, h * 0.22, 'user', I6, 'bars')
    a.sparkle(w * 0.94, h * 0.92, h * 0.025, I6)
  },
  og(a: Art) {
    const { w, h } = a
    a.background(true)
    flower(a, w * 0.24, h * 0.5, h * 0.28)
    a.browser({ x: w * 0.46, y: h * 0.14, w: w * 0.5, h: h * 0.7 }, screens.analytics)
    a.toast(w * 0.38, h * 0.72, w * 0.26, h * 0.15, 'bolt', a.acc.c)
    a.sparkle(w * 0.42, h * 0.14, h * 0.03, AM)
  },
  devices(dark: boolean, inner: Inner = screens.landing) {
    return (a: Art) => {
      const { w, h } = a
      a.background(dark)
      a.laptop({ x: w * 0.12, y: h * 0.1, w: w * 0.62, h: h * 0.66 }, inner)
      a.tablet({ x: w * 0.62, y: h * 0.32, w: h * 0.42, h: h * 0.56 }, screens.list)
      a.phone(phoneBox(w * 0.06, h * 0.42, h * 0.5), screens.list)
      if (!dark) {
        a.badge(w * 0.75, h * 0.12, h * 0.045, EM, 'check')
      }
      if (dark) a.sparkle(w * 0.92, h * 0.9, h * 0.025, AM)
    }
  },
  phones(dark: boolean, inners: Inner[]) {
    return (a: Art) => {
      const { w, h } = a
      a.background(dark)
      const ph = h * 0.78, pw = ph * 0.49
      const xs = [w / 2 - pw * 1.55, w / 2 - pw / 2, w / 2 + pw * 0.55]
      inners.forEach((inner, i) => a.phone(phoneBox(xs[i]!, h * (i === 1 ? 0.08 : 0.16), ph), inner))
      a.sparkle(w * 0.9, h * 0.8, h * 0.025, dark ? AM : I6)
    }
  },
  marketing(a: Art) {
    const { w, h } = a
    a.background(true)
    a.browser({ x: w * 0.1, y: h * 0.12, w: w * 0.58, h: h * 0.72 }, screens.analytics)
    a.phone(phoneBox(w * 0.72, h * 0.2, h * 0.66), (art, b) => {
      const p = b.w * 0.08
      art.picture(b.x + p, b.y, b.w - 2 * p, b.h * 0.42, b.w * 0.06, 1)
      art.glyph('megaphone', b.x + b.w / 2, b.y + b.h * 0.21, b.h * 0.14, W)
      art.lines(b.x + p, b.y + b.h * 0.48, b.w - 2 * p, 3, b.h * 0.025, b.h * 0.025)
      art.pill(b.x + p, b.y + b.h * 0.7, b.w * 0.4, b.h * 0.07, I6)
      art.donut(b.x + b.w * 0.5, b.y + b.h * 0.88, b.h * 0.06, b.h * 0.025, [EM, art.acc.c])
    })
    a.toast(w * 0.04, h * 0.74, w * 0.24, h * 0.12, 'search', SKY)
    a.toast(w * 0.52, h * 0.04, w * 0.22, h * 0.11, 'mail', a.acc.c)
  },
  flow(dark: boolean, glyphs = ['mail', 'bolt', 'gear', 'check']) {
    return (a: Art) => {
      const { w, h } = a
      a.background(dark)
      const nw = w * 0.2, nh = h * 0.12
      const colors = [SKY, a.acc.c, I6, EM, a.acc2.c]
      // trigger, then a step, then two branches that meet again.
      const pos: [number, number][] = [[0.06, 0.44], [0.3, 0.44], [0.54, 0.2], [0.54, 0.68], [0.78, 0.44]]
      const [t, s, b1, b2, end] = pos.map(([x, y]) => [w * x, h * y] as [number, number])
      const line = dark ? I4 : I2
      a.connect(t![0] + nw, t![1] + nh / 2, s![0], s![1] + nh / 2, line)
      a.connect(s![0] + nw, s![1] + nh / 2, b1![0], b1![1] + nh / 2, line)
      a.connect(s![0] + nw, s![1] + nh / 2, b2![0], b2![1] + nh / 2, line)
      a.connect(b1![0] + nw, b1![1] + nh / 2, end![0], end![1] + nh / 2, line)
      a.connect(b2![0] + nw, b2![1] + nh / 2, end![0], end![1] + nh / 2, line)
      const gs = [...glyphs, 'loop']
      ;[t, s, b1, b2, end].forEach((p, i) => a.node(p![0], p![1], nw, nh, gs[[0, 1, 2, 4, 3][i]!]!, colors[i]!))
      a.circle(w * 0.43, h * 0.56, h * 0.03, a.acc.c, ` stroke="${W}" stroke-width="${f(4)}"`)
      a.glyph('bolt', w * 0.43, h * 0.56, h * 0.04, W)
      a.statCard(w * 0.06, h * 0.72, w * 0.2, h * 0.2, 'clock', EM, 'bars')
      a.sparkle(w * 0.9, h * 0.15, h * 0.025, dark ? AM : I6)
    }
  },
  abstract(a: Art) {
    const { w, h } = a
    a.background(true)
    const cards: [number, number, number, number][] = [[0.1, 0.2, 0.3, 0.55], [0.35, 0.12, 0.3, 0.6], [0.6, 0.26, 0.3, 0.55]]
    cards.forEach(([x, y, cw, ch], i) => {
      a.card(w * x, h * y, w * cw, h * ch, w * 0.02, i === 1 ? W : I0)
      a.picture(w * (x + 0.02), h * (y + 0.04), w * (cw - 0.04), h * ch * 0.45, w * 0.012, i)
      a.lines(w * (x + 0.02), h * (y + ch * 0.62), w * (cw - 0.06), 3, h * 0.02, h * 0.025, i === 1 ? S2 : I2)
    })
    a.tile(w * 0.88, h * 0.16, h * 0.12, a.acc.c, 'spark')
    a.tile(w * 0.12, h * 0.86, h * 0.1, SKY, 'layout')
    a.sparkle(w * 0.5, h * 0.86, h * 0.03, AM)
  },
  /** One device or window, large, with supporting widgets: the gallery and feature picture pattern. */
  showcase(kind: 'browser' | 'phone' | 'tablet' | 'laptop', inner: Inner, widgets: (a: Art) => void = () => {}, dark = false) {
    return (a: Art) => {
      const { w, h } = a
      a.background(dark)
      const left = a.r.chance(0.5)
      if (kind === 'phone') {
        const b = phoneBox(0, h * 0.08, h * 0.86)
        // Always on the left: the widgets of phone pictures sit on the right half.
        a.phone({ ...b, x: w * 0.12 }, inner)
      } else if (kind === 'tablet') a.tablet({ x: w * 0.15, y: h * 0.1, w: w * 0.7, h: h * 0.8 }, inner)
      else if (kind === 'laptop') a.laptop({ x: w * 0.1, y: h * 0.14, w: w * 0.8, h: h * 0.72 }, inner)
      else a.browser({ x: w * (left ? 0.06 : 0.14), y: h * 0.12, w: w * 0.8, h: h * 0.74 }, inner)
      widgets(a)
      a.sparkle(w * (left ? 0.94 : 0.06), h * 0.08, h * 0.025, dark ? AM : I6)
    }
  },
  /** Documents and sources feeding one glowing centre: knowledge bases, integrations, AI. */
  hub(dark: boolean, center: string, around: string[]) {
    return (a: Art) => {
      const { w, h } = a
      a.background(dark)
      const cx = w / 2, cy = h / 2, R = Math.min(w * 0.34, h * 0.36)
      const colors = [I6, a.acc.c, SKY, EM, a.acc2.c, I4]
      around.forEach((g, i) => {
        const t = (i / around.length) * Math.PI * 2 - Math.PI / 2 + 0.3
        const x = cx + Math.cos(t) * R * (w > h ? 1.25 : 1), y = cy + Math.sin(t) * R
        a.connect(x, y, cx, cy, dark ? I4 : I2, true, Math.abs(Math.sin(t)) > 0.7)
      })
      a.circle(cx, cy, h * 0.2, a.glow(dark ? I4 : I6, 0.45))
      a.circle(cx, cy, h * 0.12, a.linear([I4, I6, I9]), ` filter="${a.shadow()}"`)
      a.circle(cx, cy, h * 0.09, 'none', ` stroke="${W}" stroke-opacity=".3" stroke-width="${f(3)}"`)
      a.glyph(center, cx, cy, h * 0.11, W)
      around.forEach((g, i) => {
        const t = (i / around.length) * Math.PI * 2 - Math.PI / 2 + 0.3
        const x = cx + Math.cos(t) * R * (w > h ? 1.25 : 1), y = cy + Math.sin(t) * R
        const s = h * 0.16
        a.card(x - s / 2, y - s / 2, s, s, s * 0.24)
        a.tile(x, y - s * 0.08, s * 0.46, colors[i % colors.length]!, g)
        a.pill(x - s * 0.25, y + s * 0.24, s * 0.5, s * 0.07, S2)
      })
      a.sparkle(cx + h * 0.16, cy - h * 0.16, h * 0.025, AM)
    }
  },
}

/** The brand mark: a stylised bluebonnet, petals around a small amber-tipped bud. */
function flower(a: Art, cx: number, cy: number, s: number) {
  a.circle(cx, cy, s * 1.3, a.glow(I4, 0.5))
  const petal = (angle: number, k: number, fill: string) =>
    a.path(`M${f(cx)} ${f(cy)}c${f(-s * 0.34 * k)} ${f(-s * 0.3 * k)} ${f(-s * 0.3 * k)} ${f(-s * 0.86 * k)} 0 ${f(-s * k)}c${f(s * 0.3 * k)} ${f(s * 0.14 * k)} ${f(s * 0.34 * k)} ${f(s * 0.7 * k)} 0 ${f(s * k)}z`, fill, ` transform="rotate(${angle} ${f(cx)} ${f(cy)})"`)
  for (const angle of [-120, 120, 180]) petal(angle, 0.8, I4)
  for (const angle of [-60, 60]) petal(angle, 0.9, '#6366f1')
  petal(0, 1, W)
  a.circle(cx, cy, s * 0.12, AM)
}

// ---------------------------------------------------------------------------------------------------------
// Feature, case study and blog pictures

const S = screens
const widgetsOf = {
  stats: (glyph: string, color?: string) => (a: Art) => a.statCard(a.w * 0.62, a.h * 0.64, a.w * 0.32, a.h * 0.28, glyph, color ?? a.acc.c),
  toast: (glyph: string) => (a: Art) => a.toast(a.w * 0.04, a.h * 0.78, a.w * 0.36, a.h * 0.13, glyph, a.acc.c),
  both: (glyph: string, toastGlyph: string) => (a: Art) => {
    a.statCard(a.w * 0.64, a.h * 0.04, a.w * 0.32, a.h * 0.26, glyph, EM, 'bars')
    a.toast(a.w * 0.04, a.h * 0.8, a.w * 0.36, a.h * 0.12, toastGlyph, a.acc.c)
  },
}

const features: Record<string, Scene[]> = {
  'website-design': [
    // site map and sticky notes
    (a) => {
      const { w, h } = a
      a.background(false)
      const root = { x: w * 0.4, y: h * 0.12 }, nw = w * 0.2, nh = h * 0.1
      const kids = [0.12, 0.4, 0.68].map((x) => ({ x: w * x, y: h * 0.38 }))
      kids.forEach((k) => a.connect(root.x + nw / 2, root.y + nh, k.x + nw / 2, k.y, I4, false, true))
      a.connect(kids[0]!.x + nw / 2, kids[0]!.y + nh, w * 0.12 + nw / 2, h * 0.62, I4, false, true)
      a.connect(kids[2]!.x + nw / 2, kids[2]!.y + nh, w * 0.68 + nw / 2, h * 0.62, I4, false, true)
      a.node(root.x, root.y, nw, nh, 'layout', I6)
      kids.forEach((k, i) => a.node(k.x, k.y, nw, nh, ['user', 'doc', 'calendar'][i]!, [SKY, a.acc.c, EM][i]!))
      a.node(w * 0.12, h * 0.62, nw, nh, 'chat', I4)
      a.node(w * 0.68, h * 0.62, nw, nh, 'phone', I4)
      ;[[0.36, 0.72, '#fde68a', -6], [0.5, 0.78, '#bae6fd', 5], [0.06, 0.08, '#a7f3d0', -4]].forEach(([x, y, c, r]) => {
        const s = h * 0.15
        a.rect(w * (x as number), h * (y as number), s, s, 4, c as string, ` transform="rotate(${r} ${f(w * (x as number) + s / 2)} ${f(h * (y as number) + s / 2)})" filter="${a.shadow()}"`)
        a.lines(w * (x as number) + s * 0.15, h * (y as number) + s * 0.25, s * 0.7, 3, s * 0.07, s * 0.09, W)
      })
    },
    // wireframe becoming the page
    (a) => {
      const { w, h } = a
      a.background(false)
      a.rect(w * 0.04, h * 0.18, w * 0.44, h * 0.58, w * 0.02, W, ` stroke="${S3}" stroke-width="${f(2)}"`)
      S.wireframe(a, { x: w * 0.04, y: h * 0.18, w: w * 0.44, h: h * 0.58 })
      a.browser({ x: w * 0.4, y: h * 0.28, w: w * 0.56, h: h * 0.6 }, S.landing)
      a.circle(w * 0.44, h * 0.22, h * 0.05, a.acc.c, ` stroke="${W}" stroke-width="${f(5)}"`)
      a.path(`M${f(w * 0.42)} ${f(h * 0.22)}h${f(h * 0.04)}m${f(-h * 0.015)} ${f(-h * 0.015)}l${f(h * 0.015)} ${f(h * 0.015)}-${f(h * 0.015)} ${f(h * 0.015)}`, 'none', ` stroke="${W}" stroke-width="${f(4)}"`)
      a.sparkle(w * 0.9, h * 0.16, h * 0.03, I6)
    },
    scenes.devices(false),
  ],
  'app-design': [
    // interview notes and a feature list
    (a) => {
      const { w, h } = a
      a.background(false)
      for (let i = 0; i < 2; i++) {
        const x = w * (0.06 + i * 0.06), y = h * (0.1 + i * 0.2)
        a.card(x, y, w * 0.42, h * 0.34, w * 0.02)
        a.avatar(x + w * 0.06, y + h * 0.08, h * 0.045, [I6, a.acc.c][i]!)
        a.pill(x + w * 0.11, y + h * 0.055, w * 0.16, h * 0.025, I9)
        a.pill(x + w * 0.11, y + h * 0.09, w * 0.1, h * 0.02, S3)
        a.lines(x + w * 0.03, y + h * 0.17, w * 0.34, 3, h * 0.018, h * 0.025)
      }
      a.panel({ x: w * 0.56, y: h * 0.16, w: w * 0.38, h: h * 0.7 }, (art, b) => {
        art.pill(b.x + b.w * 0.1, b.y + b.h * 0.08, b.w * 0.5, b.h * 0.045, I9)
        for (let i = 0; i < 5; i++) {
          const y = b.y + b.h * (0.2 + i * 0.15), on = i < 3
          art.rect(b.x + b.w * 0.1, y, b.h * 0.06, b.h * 0.06, b.h * 0.015, on ? EM : W, on ? '' : ` stroke="${S3}" stroke-width="${f(2)}"`)
          if (on) art.glyph('check', b.x + b.w * 0.1 + b.h * 0.03, y + b.h * 0.03, b.h * 0.06, W)
          art.pill(b.x + b.w * 0.1 + b.h * 0.1, y + b.h * 0.018, b.w * art.r.between(0.4, 0.6), b.h * 0.025, on ? S3 : S2)
        }
      })
      a.tile(w * 0.5, h * 0.86, h * 0.1, a.acc.c, 'spark')
    },
    // connected screens forming a prototype
    (a) => {
      const { w, h } = a
      a.background(false)
      const ph = h * 0.66, pw = ph * 0.49
      const xs = [w * 0.06, w * 0.5 - pw / 2, w * 0.94 - pw]
      ;[S.list, S.product, S.checkout].forEach((inner, i) => a.phone(phoneBox(xs[i]!, h * (i === 1 ? 0.1 : 0.22), ph), inner))
      a.connect(xs[0]! + pw * 0.7, h * 0.4, xs[1]! + pw * 0.1, h * 0.3, a.acc.c)
      a.connect(xs[1]! + pw * 0.9, h * 0.62, xs[2]! + pw * 0.2, h * 0.5, a.acc.c)
      a.path(`M${f(xs[1]! + pw * 0.55)} ${f(h * 0.8)}l${f(h * 0.05)} ${f(h * 0.015)}-${f(h * 0.02)} ${f(h * 0.01)}-${f(h * 0.01)} ${f(h * 0.02)}z`, S9, ` stroke="${W}" stroke-width="${f(2)}"`)
    },
    // build to store release
    (a) => {
      const { w, h } = a
      a.background(false)
      a.phone(phoneBox(w * 0.08, h * 0.08, h * 0.84), S.fitness)
      const steps = ['code', 'check', 'rocket', 'star']
      steps.forEach((g, i) => {
        const y = h * (0.14 + i * 0.2)
        if (i) a.rect(w * 0.59 - 2, y - h * 0.14, 4, h * 0.12, 2, i < 3 ? EM : S3)
        a.card(w * 0.52, y - h * 0.07, w * 0.42, h * 0.14, h * 0.03)
        a.tile(w * 0.59, y, h * 0.08, i < 3 ? EM : a.acc.c, g)
        a.pill(w * 0.66, y - h * 0.025, w * 0.2, h * 0.022, I9)
        a.pill(w * 0.66, y + h * 0.012, w * 0.14, h * 0.018, S2)
      })
      a.sparkle(w * 0.48, h * 0.85, h * 0.03, a.acc.c)
    },
  ],
  'digital-marketing': [
    // audit checklist next to a traffic chart
    (a) => {
      const { w, h } = a
      a.background(false)
      a.panel({ x: w * 0.06, y: h * 0.12, w: w * 0.38, h: h * 0.74 }, (art, b) => {
        art.tile(b.x + b.w * 0.16, b.y + b.h * 0.1, b.h * 0.09, I6, 'search')
        art.pill(b.x + b.w * 0.28, b.y + b.h * 0.08, b.w * 0.45, b.h * 0.04, I9)
        for (let i = 0; i < 5; i++) {
          const y = b.y + b.h * (0.24 + i * 0.14), ok = i !== 2
          art.circle(b.x + b.w * 0.14, y + b.h * 0.02, b.h * 0.03, ok ? EM : AM)
          art.glyph(ok ? 'check' : 'bolt', b.x + b.w * 0.14, y + b.h * 0.02, b.h * 0.04, W)
          art.pill(b.x + b.w * 0.24, y + b.h * 0.008, b.w * art.r.between(0.4, 0.62), b.h * 0.025, S3)
        }
      })
      a.panel({ x: w * 0.5, y: h * 0.24, w: w * 0.44, h: h * 0.5 }, (art, b) => {
        art.pill(b.x + b.w * 0.08, b.y + b.h * 0.1, b.w * 0.3, b.h * 0.05, I9)
        art.area(pad({ x: b.x, y: b.y + b.h * 0.2, w: b.w, h: b.h * 0.8 }, b.w * 0.08), SKY)
      })
    },
    // campaign calendar with channel icons
    (a) => {
      const { w, h } = a
      a.background(false)
      a.panel({ x: w * 0.08, y: h * 0.1, w: w * 0.7, h: h * 0.8 }, S.calendar)
      ;[['search', SKY], ['mail', a.acc.c], ['heart', '#ec4899'], ['megaphone', I6]].forEach(([g, c], i) => a.tile(w * 0.86, h * (0.2 + i * 0.19), h * 0.12, c!, g!))
    },
    // cost per lead by channel
    (a) => {
      const { w, h } = a
      a.background(false)
      a.panel({ x: w * 0.08, y: h * 0.1, w: w * 0.84, h: h * 0.8 }, (art, b) => {
        art.pill(b.x + b.w * 0.06, b.y + b.h * 0.08, b.w * 0.3, b.h * 0.05, I9)
        const n = 5, cw = (b.w * 0.88) / n
        const gl = ['search', 'mail', 'heart', 'globe', 'megaphone']
        const v = art.r.shuffle([0.3, 0.45, 0.6, 0.75, 0.92])
        for (let i = 0; i < n; i++) {
          const x = b.x + b.w * 0.06 + i * cw, bh = b.h * 0.56 * v[i]!
          art.rect(x + cw * 0.2, b.y + b.h * 0.76 - bh, cw * 0.6, bh, cw * 0.08, v[i] === 0.3 ? EM : i % 2 ? I4 : I6)
          art.glyph(gl[i]!, x + cw / 2, b.y + b.h * 0.86, b.h * 0.08, S4)
        }
        art.rect(b.x + b.w * 0.06, b.y + b.h * 0.76, b.w * 0.88, 2, 0, S3)
      })
      a.badge(a.w * 0.9, a.h * 0.12, a.h * 0.05, EM, 'coin')
    },
  ],
  'automation-creation': [
    // mapping the process, a bottleneck highlighted
    (a) => {
      const { w, h } = a
      a.background(false)
      for (let lane = 0; lane < 3; lane++) a.rect(w * 0.05, h * (0.12 + lane * 0.26), w * 0.9, h * 0.22, w * 0.02, W, ' fill-opacity=".7"')
      const nodes: [number, number, string][] = [[0.08, 0, 'mail'], [0.33, 0, 'doc'], [0.33, 1, 'user'], [0.58, 1, 'clock'], [0.58, 2, 'check'], [0.8, 2, 'chart']]
      const nw = w * 0.16, nh = h * 0.11
      const pos = nodes.map(([x, lane]) => [w * x, h * (0.175 + lane * 0.26)] as const)
      for (let i = 1; i < pos.length; i++) a.connect(pos[i - 1]![0] + nw, pos[i - 1]![1] + nh / 2, pos[i]![0], pos[i]![1] + nh / 2, I4)
      nodes.forEach(([, , g], i) => a.node(pos[i]![0], pos[i]![1], nw, nh, g, i === 3 ? AM : [I6, SKY, EM][i % 3]!))
      a.circle(pos[3]![0] + nw, pos[3]![1], h * 0.03, AM, ` stroke="${W}" stroke-width="${f(4)}"`)
    },
    scenes.flow(false),
    // monitoring runs
    (a) => {
      const { w, h } = a
      a.background(false)
      a.panel({ x: w * 0.06, y: h * 0.1, w: w * 0.52, h: h * 0.8 }, (art, b) => {
        art.pill(b.x + b.w * 0.08, b.y + b.h * 0.07, b.w * 0.4, b.h * 0.04, I9)
        for (let i = 0; i < 6; i++) {
          const y = b.y + b.h * (0.18 + i * 0.13), ok = i !== 2
          art.rect(b.x + b.w * 0.06, y, b.w * 0.88, b.h * 0.1, b.w * 0.03, S1)
          art.tile(b.x + b.w * 0.14, y + b.h * 0.05, b.h * 0.06, ok ? EM : AM, ok ? 'check' : 'loop')
          art.pill(b.x + b.w * 0.22, y + b.h * 0.04, b.w * 0.36, b.h * 0.022, S3)
          art.pill(b.x + b.w * 0.72, y + b.h * 0.035, b.w * 0.16, b.h * 0.03, ok ? EM : AM, ' fill-opacity=".25"')
        }
      })
      a.statCard(w * 0.62, h * 0.14, w * 0.32, h * 0.34, 'clock', EM, 'line')
      a.statCard(w * 0.62, h * 0.54, w * 0.32, h * 0.34, 'bolt', a.acc.c, 'bars')
    },
  ],
  'ai-agents': [
    scenes.showcase('phone', S.chat, (a) => {
      a.toast(a.w * (a.r.chance(0.5) ? 0.55 : 0.5), a.h * 0.2, a.w * 0.4, a.h * 0.13, 'bot', I6)
      a.toast(a.w * 0.5, a.h * 0.62, a.w * 0.42, a.h * 0.13, 'calendar', EM)
    }),
    scenes.hub(false, 'bot', ['doc', 'globe', 'calendar', 'mail', 'cart', 'chat']),
    // handoff from the assistant to a person
    (a) => {
      const { w, h } = a
      a.background(false)
      a.panel({ x: w * 0.05, y: h * 0.12, w: w * 0.42, h: h * 0.76 }, S.chat)
      a.connect(w * 0.47, h * 0.5, w * 0.56, h * 0.5, a.acc.c)
      a.panel({ x: w * 0.56, y: h * 0.2, w: w * 0.38, h: h * 0.6 }, (art, b) => {
        art.avatar(b.x + b.w / 2, b.y + b.h * 0.24, b.h * 0.13, EM)
        art.pill(b.x + b.w * 0.25, b.y + b.h * 0.45, b.w * 0.5, b.h * 0.05, I9)
        art.lines(b.x + b.w * 0.15, b.y + b.h * 0.56, b.w * 0.7, 2, b.h * 0.03, b.h * 0.03)
        art.pill(b.x + b.w * 0.15, b.y + b.h * 0.76, b.w * 0.7, b.h * 0.1, I6)
      })
      a.badge(w * 0.9, h * 0.2, h * 0.045, EM, 'check')
    },
  ],
}

const serviceHeroes: Record<string, Scene> = {
  'website-design': scenes.devices(true),
  'app-design': scenes.phones(true, [S.list, S.product, S.tasks]),
  'digital-marketing': scenes.marketing,
  'automation-creation': scenes.flow(true),
  default: scenes.abstract,
}

/** Each case study: its hero and three gallery pictures. */
const caseStudies: Record<string, [Scene, Scene, Scene, Scene]> = {
  'smart-support': [
    (a) => {
      scenes.showcase('browser', S.tickets, () => {}, true)(a)
      a.phone(phoneBox(a.w * 0.74, a.h * 0.34, a.h * 0.6), S.chat)
    },
    scenes.showcase('browser', S.tickets, widgetsOf.toast('bot')),
    scenes.hub(false, 'bot', ['doc', 'chat', 'mail', 'user', 'globe']),
    scenes.showcase('browser', S.dashboard, widgetsOf.stats('clock', EM)),
  ],
  'cafe-blossom': [
    scenes.phones(true, [S.loyalty, S.menu, S.checkout]),
    scenes.showcase('phone', S.menu, (a) => {
      a.toast(a.w * 0.5, a.h * 0.18, a.w * 0.42, a.h * 0.13, 'cup', a.acc.c)
      a.statCard(a.w * 0.5, a.h * 0.5, a.w * 0.42, a.h * 0.32, 'cart', EM, 'bars')
    }),
    scenes.showcase('phone', S.checkout, (a) => {
      const x = a.r.chance(0.5) ? 0.52 : 0.5
      for (let i = 0; i < 3; i++) a.node(a.w * x, a.h * (0.16 + i * 0.24), a.w * 0.4, a.h * 0.14, ['check', 'cup', 'pin'][i]!, [EM, a.acc.c, SKY][i]!)
    }),
    scenes.showcase('phone', S.loyalty, (a) => a.statCard(a.w * 0.52, a.h * 0.3, a.w * 0.42, a.h * 0.38, 'heart', a.acc.c, 'line')),
  ],
  'fitzone-gym': [
    scenes.phones(true, [S.schedule, S.fitness, S.list]),
    scenes.showcase('phone', S.fitness, (a) => a.statCard(a.w * 0.52, a.h * 0.32, a.w * 0.42, a.h * 0.36, 'dumbbell', EM, 'bars')),
    scenes.showcase('tablet', S.calendar, () => {}),
    scenes.showcase('browser', S.analytics, widgetsOf.toast('user')),
  ],
  shopeasy: [
    (a) => {
      scenes.showcase('browser', S.shop, () => {}, a.r.chance(0.5))(a)
      a.phone(phoneBox(a.w * 0.72, a.h * 0.36, a.h * 0.58), S.product)
    },
    scenes.showcase('browser', S.shop, widgetsOf.toast('cart')),
    scenes.showcase('phone', S.product, (a) => {
      a.toast(a.w * 0.5, a.h * 0.2, a.w * 0.42, a.h * 0.13, 'cart', a.acc.c)
      a.toast(a.w * 0.5, a.h * 0.4, a.w * 0.42, a.h * 0.13, 'check', EM)
    }),
    scenes.showcase('laptop', S.analytics, widgetsOf.stats('cart', EM)),
  ],
  taskmate: [
    (a) => {
      scenes.showcase('browser', S.kanban, () => {}, true)(a)
      a.phone(phoneBox(a.w * 0.72, a.h * 0.34, a.h * 0.6), S.tasks)
    },
    scenes.showcase('browser', S.kanban, widgetsOf.toast('bell')),
    scenes.showcase('phone', S.tasks, (a) => {
      a.toast(a.w * 0.5, a.h * 0.22, a.w * 0.42, a.h * 0.13, 'bell', a.acc.c)
      a.toast(a.w * 0.5, a.h * 0.42, a.w * 0.42, a.h * 0.13, 'calendar', I6)
    }),
    scenes.showcase('laptop', S.dashboard, widgetsOf.both('check', 'user')),
  ],
  retailflow: [
    (a) => {
      scenes.showcase('browser', S.inventory, () => {}, true)(a)
      a.node(a.w * 0.7, a.h * 0.64, a.w * 0.26, a.h * 0.12, 'box', a.acc.c)
      a.node(a.w * 0.74, a.h * 0.8, a.w * 0.22, a.h * 0.12, 'bolt', EM)
    },
    scenes.showcase('browser', S.inventory, widgetsOf.stats('box', EM)),
    scenes.flow(false, ['store', 'box', 'gear', 'check']),
    scenes.showcase('tablet', S.dashboard, () => {}),
  ],
  growsmart: [
    scenes.marketing,
    scenes.showcase('browser', S.analytics, widgetsOf.both('chart', 'megaphone')),
    // a conversion funnel
    (a) => {
      const { w, h } = a
      a.background(false)
      const colors = [I4, I6, I7, I9]
      for (let i = 0; i < 4; i++) {
        const top = w * (0.56 - i * 0.11), bottom = w * (0.45 - i * 0.11), y = h * (0.12 + i * 0.19)
        a.path(`M${f(w * 0.38 - top / 2)} ${f(y)}h${f(top)}l${f(-(top - bottom) / 2)} ${f(h * 0.16)}h${f(-bottom)}z`, colors[i]!)
      }
      a.toast(w * 0.68, h * 0.14, w * 0.28, h * 0.12, 'search', SKY)
      a.toast(w * 0.68, h * 0.4, w * 0.28, h * 0.12, 'mail', a.acc.c)
      a.toast(w * 0.68, h * 0.66, w * 0.28, h * 0.12, 'check', EM)
    },
    scenes.showcase('laptop', S.analytics, widgetsOf.stats('leaf', EM)),
  ],
}

const blog: Record<string, Scene> = {
  'website-design-trends': (a) => {
    const { w, h } = a
    a.background(true)
    a.browser({ x: w * 0.04, y: h * 0.1, w: w * 0.46, h: h * 0.56 }, S.wireframe)
    a.browser({ x: w * 0.28, y: h * 0.22, w: w * 0.52, h: h * 0.66 }, (art, b) => {
      // a bento grid snapping into place
      const p = b.w * 0.04, g = b.w * 0.025
      const cells: [number, number, number, number][] = [[0, 0, 2, 1], [2, 0, 1, 2], [0, 1, 1, 1], [1, 1, 1, 1]]
      const cw = (b.w - 2 * p - 2 * g) / 3, ch = (b.h - 2 * p - g) / 2
      cells.forEach(([cx, cy, sw, sh], i) => {
        const x = b.x + p + cx * (cw + g), y = b.y + p + cy * (ch + g)
        if (i === 0) art.picture(x, y, sw * cw + (sw - 1) * g, ch, b.w * 0.02, 0)
        else art.rect(x, y, sw * cw + (sw - 1) * g, sh * ch + (sh - 1) * g, b.w * 0.02, [I0, art.acc.tint, S1][i % 3]!)
      })
      art.area({ x: b.x + p + 2 * (cw + g) + cw * 0.1, y: b.y + p + ch * 0.5, w: cw * 0.8, h: ch * 1.2 }, I6, 5)
      art.circle(b.x + p + cw * 0.5, b.y + p + ch * 1.5 + g, ch * 0.2, art.acc.c)
      art.circle(b.x + p + cw * 1.5 + g, b.y + p + ch * 1.5 + g, ch * 0.26, 'none', ` stroke="${I6}" stroke-width="${f(ch * 0.1)}"`)
    })
    a.phone(phoneBox(w * 0.78, h * 0.3, h * 0.62), S.tasks)
  },
  'automation-workflows': (a) => {
    const { w, h } = a
    a.background(true)
    const cx = w / 2, cy = h / 2, rx = w * 0.3, ry = h * 0.3
    a.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${I4}" stroke-width="${f(3)}" stroke-dasharray="${f(14)} ${f(12)}"/>`)
    const gl = ['mail', 'gear', 'bolt', 'check', 'gear', 'mail']
    gl.forEach((g, i) => {
      const t = (i / gl.length) * Math.PI * 2
      const x = cx + Math.cos(t) * rx, y = cy + Math.sin(t) * ry
      if (i % 2) a.tile(x, y, h * 0.12, [a.acc.c, SKY, EM][Math.floor(i / 2)]!, g)
      else a.node(x - w * 0.09, y - h * 0.06, w * 0.18, h * 0.12, g, [I6, a.acc.c, EM][i / 2]!)
    })
    a.circle(cx, cy, h * 0.14, a.glow(I4, 0.6))
    a.circle(cx, cy, h * 0.09, W, ` filter="${a.shadow()}"`)
    a.glyph('loop', cx, cy, h * 0.1, I6)
  },
  'digital-marketing-roi': (a) => {
    const { w, h } = a
    a.background(true)
    a.panel({ x: w * 0.08, y: h * 0.14, w: w * 0.5, h: h * 0.72 }, (art, b) => {
      art.pill(b.x + b.w * 0.07, b.y + b.h * 0.08, b.w * 0.3, b.h * 0.05, I9)
      art.bars(pad({ x: b.x, y: b.y + b.h * 0.18, w: b.w, h: b.h * 0.82 }, b.w * 0.06), 7, [I2, I4, I4, I6, I6, I6, AM])
    })
    // a funnel of gold coins
    const fx = w * 0.78
    for (let row = 0; row < 4; row++) {
      const n = 4 - row, r = h * 0.04
      for (let i = 0; i < n; i++) {
        const x = fx + (i - (n - 1) / 2) * r * 2.3, y = h * (0.22 + row * 0.13)
        a.circle(x, y, r, a.linear(['#fcd34d', AM]), ` stroke="#b45309" stroke-opacity=".35" stroke-width="${f(3)}"`)
        a.circle(x, y, r * 0.55, 'none', ` stroke="#fff" stroke-opacity=".6" stroke-width="${f(3)}"`)
      }
    }
    a.path(`M${f(fx - w * 0.14)} ${f(h * 0.13)}L${f(fx - w * 0.02)} ${f(h * 0.72)}V${f(h * 0.84)}h${f(w * 0.04)}V${f(h * 0.72)}L${f(fx + w * 0.14)} ${f(h * 0.13)}`, 'none', ` stroke="${W}" stroke-opacity=".5" stroke-width="${f(4)}"`)
    a.badge(w * 0.58, h * 0.14, h * 0.05, EM, 'chart')
  },
  'small-business-tools': (a) => {
    const { w, h } = a
    a.background(false)
    a.laptop({ x: w * 0.24, y: h * 0.2, w: w * 0.52, h: h * 0.6 }, S.dashboard)
    const tools: [string, string][] = [['calendar', I6], ['mail', a.acc.c], ['chart', EM], ['cart', SKY], ['chat', I4], ['lock', I9]]
    tools.forEach(([g, c], i) => {
      const left = i < 3, k = i % 3
      a.card(w * (left ? 0.07 : 0.85), h * (0.16 + k * 0.25), h * 0.15, h * 0.15, h * 0.04)
      a.tile(w * (left ? 0.07 : 0.85) + h * 0.075, h * (0.235 + k * 0.25), h * 0.09, c, g)
    })
  },
  'ai-in-small-business': scenes.hub(true, 'spark', ['chat', 'calendar', 'mail', 'doc', 'chart']),
  'cybersecurity-essentials': (a) => {
    const { w, h } = a
    a.background(true)
    const cx = w / 2, cy = h * 0.52, s = h * 0.62
    for (let i = 3; i > 0; i--) a.circle(cx, cy, s * 0.35 * (1 + i * 0.35), 'none', ` stroke="${W}" stroke-opacity="${num(0.05 * (4 - i))}" stroke-width="${f(2)}"`)
    a.path(`M${f(cx)} ${f(cy - s * 0.5)}l${f(s * 0.38)} ${f(s * 0.15)}v${f(s * 0.24)}c0 ${f(s * 0.25)} ${f(-s * 0.17)} ${f(s * 0.42)} ${f(-s * 0.38)} ${f(s * 0.54)}c${f(-s * 0.21)} ${f(-s * 0.12)} ${f(-s * 0.38)} ${f(-s * 0.29)} ${f(-s * 0.38)} ${f(-s * 0.54)}v${f(-s * 0.24)}z`, a.linear([I4, I6, I9], 0, 1), ` filter="${a.shadow()}"`)
    a.glyph('lock', cx, cy - s * 0.02, s * 0.36, W)
    const items: [number, number, string, string][] = [[0.1, 0.16, 'lock', EM], [0.7, 0.2, 'check', EM], [0.08, 0.66, 'mail', AM], [0.72, 0.68, 'user', SKY]]
    for (const [x, y, g, c] of items) a.toast(w * x, h * y, w * 0.2, h * 0.12, g, c)
  },
  'free-business-analysis': (a) => {
    const { w, h } = a
    a.background(false)
    a.panel({ x: w * 0.28, y: h * 0.08, w: h * 0.64, h: h * 0.86 }, S.report)
    const mx = w * 0.62, my = h * 0.52, r = h * 0.12
    a.circle(mx, my, r, W, ` fill-opacity=".35" stroke="${I9}" stroke-width="${f(r * 0.18)}"`)
    a.path(`M${f(mx + r * 0.75)} ${f(my + r * 0.75)}l${f(r * 0.8)} ${f(r * 0.8)}`, 'none', ` stroke="${I9}" stroke-width="${f(r * 0.3)}"`)
    a.statCard(w * 0.7, h * 0.1, w * 0.24, h * 0.24, 'chart', EM, 'line')
    a.toast(w * 0.04, h * 0.7, w * 0.24, h * 0.12, 'calendar', a.acc.c)
    a.toast(w * 0.06, h * 0.22, w * 0.2, h * 0.12, 'clock', I6)
  },
}

// ---------------------------------------------------------------------------------------------------------

function render(name: string, w: number, h: number, scene: Scene) {
  const art = new Art(w, h, name)
  scene(art)
  return art.toString()
}

export function artworkFiles(): { file: string; svg: string }[] {
  const out: { file: string; svg: string }[] = []
  const add = (rel: string, w: number, h: number, scene: Scene) => out.push({ file: path.join(CONTENT, rel), svg: render(rel, w, h, scene) })
  add('home/hero.svg', 1600, 1000, scenes.homeHero)
  add('home/about.svg', 1200, 900, scenes.about)
  add('og-default.svg', 1200, 630, scenes.og)
  for (const [id, scene] of Object.entries(serviceHeroes)) add(`services/${id}-hero.svg`, 1600, 900, scene)
  for (const [id, list] of Object.entries(features)) list.forEach((scene, i) => add(`services/${id}-feature-${i + 1}.svg`, 1200, 900, scene))
  for (const [id, [hero, ...gallery]] of Object.entries(caseStudies)) {
    add(`case-studies/${id}.svg`, 1600, 1000, hero)
    gallery.forEach((scene, i) => add(`case-studies/${id}-gallery-${i + 1}.svg`, 1200, 900, scene))
  }
  for (const [slug, scene] of Object.entries(blog)) add(`blog/${slug}.svg`, 1600, 900, scene)
  out.push({ file: path.join(PUBLIC, 'favicon.svg'), svg: favicon() })
  return out
}

function favicon() {
  // The petals of the brand mark on an indigo tile; legible at 16 px.
  const petal = (angle: number, fill: string, k = 1) =>
    `<path d="M16 17c-3-2.6-3.4-7.6 0-10c3.4 2.4 3 7.4 0 10z" fill="${fill}" transform="rotate(${angle} 16 17)${k !== 1 ? ` translate(16 17) scale(${k}) translate(-16 -17)` : ''}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${I9}"/>` +
    petal(-115, I4, 0.85) + petal(115, I4, 0.85) + petal(-55, '#a5b4fc', 0.95) + petal(55, '#a5b4fc', 0.95) + petal(0, W) +
    `<circle cx="16" cy="17" r="2" fill="${AM}"/></svg>\n`
}

async function main() {
  const files = artworkFiles()
  let largest = 0
  for (const { file, svg } of files) {
    await fs.mkdir(path.dirname(file), { recursive: true })
    await fs.writeFile(file, svg)
    largest = Math.max(largest, svg.length)
    if (svg.length > 6000) console.warn(`${path.relative(process.cwd(), file)} is ${svg.length} bytes`)
  }
  console.log(`Wrote ${files.length} files; the largest is ${largest} bytes.`)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
