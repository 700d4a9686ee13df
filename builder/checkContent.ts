import { EmailContentError, loadEmailTemplates } from '../contract/content/emails/templates.ts'
import { loadContent, type SiteContent } from '../site/content/index.ts'
import { ContentError } from '../contract/content/problems.ts'
import type { ImageManifest } from '../site/content/imageManifest.ts'
import { isProductionUrl, isStrictBuild, placeholderLines } from '../site/content/launchCheck.ts'
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
  // Both are awaited, so the lines never depend on which finishes first: the email check also reads
  // site.json and analysis.json, which the site's check names already (in the same words).
  const [site, emails] = await Promise.allSettled([
    loadContent(contentDir, {
      images,
      markdownCache: markdown.cache,
      validated: markdown.validated,
      futureArticles: isStrictBuild(env) ? 'stop' : 'hold back',
    }),
    loadEmailTemplates(contentDir),
  ])
  const failures = [site, emails].flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []))
  const bug = failures.find((error) => !(error instanceof ContentError || error instanceof EmailContentError))
  const problems = [
    ...(site.status === 'rejected' && site.reason instanceof ContentError ? site.reason.problems : []),
    ...(emails.status === 'rejected' && emails.reason instanceof EmailContentError
      ? emails.reason.problems.filter((line) => site.status === 'fulfilled' || isEmailFileLine(line))
      : []),
  ]
  // Content errors are the editor's lines; anything else (an unreadable image, a bug) keeps its stack.
  const loaded: { content: SiteContent } | { stop: string } =
    bug !== undefined
      ? { stop: bug instanceof Error ? (bug.stack ?? bug.message) : String(bug) }
      : site.status === 'fulfilled' && problems.length === 0
        ? { content: site.value }
        : { stop: new ContentError(problems).message }
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

/** 'content/emails/x.md:9: …': a problem of a template, which only the email check reads. */
const isEmailFileLine = (line: string) => /^[^:\n]*\/emails\/[^/:]+\.md[:]/.test(line)

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
