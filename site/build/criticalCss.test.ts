import { describe, expect, it } from 'vitest'
import { selectorToMatch } from './criticalCss'

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
