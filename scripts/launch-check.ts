import { isProductionUrl, isStrictBuild, placeholderLines } from '../site/content/launchCheck.ts'
import type { Site } from '../site/content/schemas.ts'

/**
 * The launch check of a production build (SITE_URL a real domain): one line per placeholder still in
 * content/site.json; a strict build (CI=true or STRICT_CONTENT=1) stops on them.
 */
export function launchPlaceholders(site: Site, env: NodeJS.ProcessEnv) {
  if (!isProductionUrl(env.SITE_URL)) return
  const lines = placeholderLines(site)
  if (lines.length === 0) return
  if (isStrictBuild(env)) {
    console.error([...lines, `The build stops: ${lines.length} placeholder(s) in content/site.json for ${env.SITE_URL} (strict: CI=true or STRICT_CONTENT=1).`].join('\n'))
    process.exit(1)
  }
  for (const line of lines) console.warn(`warning: ${line}`)
}
