import type { Config } from 'vike/types'

export default {
  // The admin's frame (renderer/AdminLayout.tsx) instead of the site's header and footer, for every page below.
  layout: 'admin',
} satisfies Config
