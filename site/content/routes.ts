import { consultationPagePath, formErrorPath } from '../forms/pages.ts'
import { adminPaths } from '../islands/admin/screens.ts'

/**
 * The addresses the build writes that do not come from a content file, each with the file that sets it:
 * links may point to them, and a legal page (/<file name>) must not take one. routes.test.ts keeps this
 * list in step with site/pages.
 */
export const fixedRoutes: ReadonlyMap<string, string> = new Map([
  ['/', 'site/pages/index/+route.ts'],
  ['/portfolio', 'site/pages/portfolio/+route.ts'],
  ['/blog', 'site/pages/blog/+route.ts'],
  ['/sitemap', 'site/pages/sitemap/+route.ts'],
  ['/unsubscribe', 'site/pages/unsubscribe/+route.ts'],
  [consultationPagePath, 'site/pages/consultation/+route.ts'],
  [formErrorPath, 'site/pages/form-error/+route.ts'],
  ['/service/404', 'site/pages/service-not-found/+route.ts'],
  ['/case-study/404', 'site/pages/case-study-not-found/+route.ts'],
  [adminPaths.home, 'site/pages/admin-home/+route.ts'],
  [adminPaths.consultations, 'site/pages/admin-consultations/+route.ts'],
  [adminPaths.messages, 'site/pages/admin-messages/+route.ts'],
  [adminPaths.newsletter, 'site/pages/admin/+route.ts'],
  [adminPaths.outbox, 'site/pages/admin-outbox/+route.ts'],
  ['/sitemap.xml', 'site/build/publish.ts'],
  ['/robots.txt', 'site/build/publish.ts'],
  ['/blog/rss.xml', 'site/build/publish.ts'],
])
