import { loadEmailTemplates } from '../../contract/emails/templates.ts'
import { loadContent, type SiteContent } from '../content/index.ts'
import type { ImageManifest } from '../content/imageManifest.ts'
import { isProductionUrl, isStrictBuild, placeholderLines } from '../content/launchCheck.ts'
import { openMarkdownCache } from './markdownCache.ts'

/** The outcome of a check: the content with what an editor should know although nothing is broken, or the lines that stop the build. */
export type ContentCheck = { content: SiteContent; warnings: string[]; stop?: undefined } | { content?: undefined; stop: string }

type CheckOptions = {
  markdownCacheDir: string
  /** The scan of content/images, when the caller converts the images too. */
  images?: ImageManifest
  /** SITE_URL, CI and STRICT_CONTENT decide the launch check. */
  env?: NodeJS.ProcessEnv
}

/**
 * Everything an editor can get wrong, read and checked as the build does it: the site's content (rendered,
 * with Markdown from the cache where unchanged) and the email templates the forms service sends, so a broken
 * template never ships either. `npm run build` and `npm run dev` both check with this.
 */
export async function checkContent(contentDir: string, { markdownCacheDir, images, env = {} }: CheckOptions): Promise<ContentCheck> {
  const markdown = await openMarkdownCache(markdownCacheDir, contentDir)
  const loaded = await Promise.all([loadContent(contentDir, { images, markdownCache: markdown.cache }), loadEmailTemplates(contentDir)]).then(
    ([content]) => ({ content }),
    (error: unknown) => ({ stop: editorText(error) }),
  )
  // Also after a mistake: once it is fixed, the documents rendered meanwhile are not rendered again.
  const unsaved = await markdown.save({ prune: !('stop' in loaded) }).then(
    () => [],
    (error: unknown) => [`the Markdown cache in ${markdownCacheDir} was not saved: ${String(error)}`],
  )
  if ('stop' in loaded) return loaded
  const { content } = loaded
  const warnings = [...contentWarnings(content), ...unsaved]

  // A build for a real domain (SITE_URL) lists the placeholders still in site.json; a strict one stops on them.
  const placeholders = isProductionUrl(env.SITE_URL) ? placeholderLines(content.site) : []
  if (placeholders.length > 0 && isStrictBuild(env)) {
    return {
      stop: [
        ...placeholders,
        `The build stops: ${placeholders.length} placeholder(s) in content/site.json for ${env.SITE_URL} (strict: CI=true or STRICT_CONTENT=1).`,
      ].join('\n'),
    }
  }
  return { content, warnings: [...placeholders, ...warnings] }
}

/** Content errors are the editor's lines; anything else (an unreadable image, a bug) keeps its stack. */
function editorText(error: unknown): string {
  if (error instanceof Error && ['ContentError', 'EmailContentError'].includes(error.name)) return error.message
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

/** Once per build: what an editor should know although nothing is broken. */
export function contentWarnings(content: SiteContent, today = new Date()): string[] {
  const warnings: string[] = []
  if (content.offer.endDate < today.toISOString().slice(0, 10)) {
    warnings.push(`content/offer.json: the offer ended on ${content.offer.endDate}; the popup will not show (change endDate to run it again).`)
  }
  if (!content.site.analyticsId) {
    warnings.push('content/site.json: no analyticsId (Google Analytics measurement ID) is set, so no analytics code is shipped.')
  }
  return warnings
}
