import type { Config } from 'vike/types'

// The folders below this one are the addresses: site/pages/blog/@slug/ is /blog/@slug, site/pages/index/ is /.
export default {
  filesystemRoutingRoot: '/',
} satisfies Config
