import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Site } from './schemas.ts'

/** Hosts that are no real site's: reserved for examples (RFC 2606) or this machine. */
const placeholderHost = /(^|\.)(example(\.(com|net|org))?|localhost|test|invalid)$|^127\.|^\[?::1\]?$/

const isPlaceholderHost = (host: string) => placeholderHost.test(host.toLowerCase())

/** Whether `siteUrl` (SITE_URL) is a real public address, i.e. this build is meant to go live. */
export function isProductionUrl(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false
  try {
    return !isPlaceholderHost(new URL(siteUrl).hostname)
  } catch {
    return false
  }
}

/**
 * The placeholders shipped in content/site.json that must be replaced before launch, one
 * line each: an example.com address, a fictional 555-01xx number, social links to a network's home page.
 *
 *     placeholderLines(site) // ['content/site.json: email hello@example.com is a placeholder (example.com)', …]
 */
export function placeholderLines(site: Site, file = 'content/site.json'): string[] {
  const lines: string[] = []
  const domain = site.email.split('@')[1] ?? ''
  if (isPlaceholderHost(domain)) lines.push(`${file}: email ${site.email} is a placeholder (${domain} reaches no one)`)
  if (/555[-. ]?01\d\d/.test(site.phone)) lines.push(`${file}: phone ${site.phone} is a placeholder (555-01xx numbers are fictional)`)
  if (isPlaceholderHost(new URL(site.url).hostname)) lines.push(`${file}: url ${site.url} is a placeholder`)
  for (const link of site.social ?? []) {
    const { pathname } = new URL(link.href)
    if (pathname === '/' || pathname === '') lines.push(`${file}: social link ${link.href} (${link.icon}) is the network's home page, not the agency's profile`)
  }
  return lines
}

/** Strict builds (CI, or STRICT_CONTENT=1) fail on a placeholder instead of listing it. */
export const isStrictBuild = (env: NodeJS.ProcessEnv) => env.CI === 'true' || env.STRICT_CONTENT === '1'

/**
 * The pages of `dir` (or only `pages`, relative to it) that break an HTML validator's standard rules
 * (html-validate's `standard` preset), one line per problem: raw HTML in an editor's Markdown reaches the page as
 * it is written.
 *
 *     await htmlProblems('dist') // ['blog/x/index.html:41: valid-id: element id "two words" must not contain whitespace', …]
 */
export async function htmlProblems(dir: string, pages?: string[]): Promise<string[]> {
  // Loaded only when a build checks its pages: the content check, which imports this file, does not need it.
  const { HtmlValidate } = await import('html-validate')
  const validator = new HtmlValidate({ extends: ['html-validate:standard'] })
  const files = pages ?? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
  const lines: string[] = []
  for (const page of files.toSorted()) {
    const report = await validator.validateFile(path.join(dir, page))
    for (const { messages } of report.results) for (const { line, ruleId, message } of messages) lines.push(`${page}:${line}: ${ruleId}: ${message}`)
  }
  return lines
}
