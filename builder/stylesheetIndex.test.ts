import { describe, expect, it } from 'vitest'
import { indexStylesheet, selectorToMatch } from './stylesheetIndex'

// What the markup is searched for, so that a rule is inlined wherever it could ever apply.
describe('selectorToMatch', () => {
  it.each([
    // States that can hold after load are treated as holding.
    ['.btn:hover', '.btn'],
    ['.a:focus-visible:active', '.a'],
    ['.menu :focus-within', '.menu *'],
    // Pseudo-elements match their element.
    ['.quote::before', '.quote'],
    ['.x:after', '.x'],
    // Structure is kept: the typography plugin's rules apply only where their elements are.
    [
      '.prose :where(h2):not(:where([class~="not-prose"],[class~="not-prose"] *))',
      '.prose :where(h2):not(:where([class~="not-prose"],[class~="not-prose"] *))',
    ],
    ['.space-y-4 > :not(:last-child)', '.space-y-4 > :not(:last-child)'],
    // A state inside :not() could stop failing later: the :not() goes, and the rule is kept.
    ['.tab:not(:hover)', '.tab'],
    // A state inside :is() stands for any element there.
    ['.icon:is(:where(.group):is([open], :popover-open) *)', '.icon:is(:where(.group):is([open], *) *)'],
    // Tailwind's escapes are left as they are.
    ['.transition-\\[background-color\\,box-shadow\\]', '.transition-\\[background-color\\,box-shadow\\]'],
    ['.hover\\:bg-white\\/10:hover', '.hover\\:bg-white\\/10'],
    [".after\\:content-\\[\\'\\'\\]::after", ".after\\:content-\\[\\'\\'\\]"],
    // A colon inside a quoted attribute value is not a pseudo-class.
    ['a[href^="https:"]:hover', 'a[href^="https:"]'],
  ])('%s -> %s', (selector, expected) => {
    expect(selectorToMatch(selector)).toBe(expected)
  })
})

// The rules a page gets: those whose selectors could ever match its markup, in the stylesheet's order.
describe('indexStylesheet', () => {
  const page = (body: string) => `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`
  const rulesFor = (css: string, body: string) => indexStylesheet(css).rulesFor(page(body))

  it('keeps a rule for the selectors of it that match, and only those', () => {
    expect(rulesFor('.a{color:red}.b{color:blue}.a,.c,p{margin:0}', '<p class="a">A</p>')).toBe('.a{color:red}.a,p{margin:0}')
    expect(rulesFor('#main{color:red}[hidden]{display:none}[data-state=open]{opacity:1}', '<main id="main" data-state="closed" hidden></main>')).toBe(
      '#main{color:red}[hidden]{display:none}',
    )
  })

  it('reads the structure of the page where the selector needs it', () => {
    const prose = '.prose :where(h2):not(:where([class~=not-prose],[class~=not-prose] *)){margin:0}'
    expect(rulesFor(prose, '<article class="prose"><h2>T</h2></article>')).toBe(prose)
    expect(rulesFor(prose, '<article class="prose"></article><h2>T</h2>')).toBe('')
    expect(rulesFor(prose, '<article class="prose"><div class="not-prose"><h2>T</h2></div></article>')).toBe('')
    const sibling = 'h2+p{margin:0}.space-y-4>:not(:last-child){margin:0}'
    expect(rulesFor(sibling, '<h2>T</h2><p>x</p><div class="space-y-4"><i></i><b></b></div>')).toBe(sibling)
    expect(rulesFor(sibling, '<p>x</p><h2>T</h2><div class="space-y-4"><i></i></div>')).toBe('')
    // Searched within the outermost of nested scopes; `:empty` reads the element's text.
    const scoped = '.menu>:first-child:empty{margin:0}'
    expect(rulesFor(scoped, '<div class="menu"><div class="menu"><b>x</b><i></i></div></div>')).toBe('')
    expect(rulesFor(scoped, '<div class="menu"><p>x</p><div class="menu"><i></i><b>x</b></div></div>')).toBe(scoped)
  })

  it('keeps a state or pseudo-element rule wherever its element is', () => {
    const css = '.btn:hover{color:red}.quote:before{content:""}.menu :focus-visible{outline:0}'
    expect(rulesFor(css, '<button class="btn"></button><q class="quote"></q><nav class="menu"><a>x</a></nav>')).toBe(css)
  })

  it('matches a class written with character references, as the browser reads it', () => {
    const css = '.\\[\\&\\>\\*\\]\\:p-0>*{padding:0}'
    expect(rulesFor(css, '<ul class="[&amp;&gt;*]:p-0"><li>x</li></ul>')).toBe(css)
  })

  it('drops empty @media and @supports and the web fonts, keeps the layers, properties and animations', () => {
    const css =
      '@layer theme,base;@layer base{.a{color:red}}@media (min-width:40rem){.b{color:blue}}@supports (display:grid){.a{display:grid}}' +
      '@font-face{font-family:X;src:url(/x.woff2)}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}'
    expect(rulesFor(css, '<p class="a">A</p>')).toBe(
      '@layer theme,base;@layer base{.a{color:red}}@supports (display:grid){.a{display:grid}}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}',
    )
    expect(rulesFor(css, '<p>A</p>')).toBe(
      '@layer theme,base;@layer base{}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}',
    )
  })

  it('always keeps the rules of the document itself', () => {
    expect(rulesFor(':root{--x:1}html{color:red}body{margin:0}', '')).toBe(':root{--x:1}html{color:red}body{margin:0}')
  })
})
