import type { Config } from 'vike/types'

export default {
  // The header lies over the hero until the visitor scrolls.
  layout: 'home',
} satisfies Config
