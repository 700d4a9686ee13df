import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { collectionPageProblems, fixedPages, type RoutedPage } from './routes.ts'

// Vike's filesystem routing: a page's folder is its address, 'index' standing for none
// ('../pages/forms/error/+Page.tsx' is /forms/error, '../pages/index/+Page.tsx' is /), unless a +route.ts beside it routes it.
const projectDir = path.resolve(import.meta.dirname, '../..')
const pageFiles = Object.keys(import.meta.glob('../pages/**/+Page.tsx')).map((file) => file.replace('../pages/', 'site/pages/'))
const routeFunctions = import.meta.glob<(pageContext: { urlPathname: string }) => unknown>('../pages/**/+route.ts', { eager: true, import: 'route' })
const folderOf = (file: string) => path.posix.dirname(file)
const routed = new Set(Object.keys(routeFunctions).map((file) => folderOf(file.replace('../pages/', 'site/pages/'))))
const routeOf = (file: string) =>
  `/${folderOf(file)
    .split('/')
    .slice(2)
    .filter((folder) => folder !== 'index')
    .join('/')}`

it('lists every page of a fixed address of site/pages with the file that makes it', () => {
  const fromPages = pageFiles.filter((file) => !file.includes('/@') && !file.includes('/_error/') && !routed.has(folderOf(file)))
  const listed = fixedPages.filter(({ file }) => file.endsWith('/+Page.tsx') && !file.includes('/@') && !file.includes('/_error/'))
  expect(new Map(listed.map(({ address, file }) => [address, file]))).toEqual(new Map(fromPages.map((file) => [routeOf(file), file])))
})

it('names a file that exists for every fixed page, and one its route gives the address', () => {
  for (const { address, file } of fixedPages) {
    expect(existsSync(path.join(projectDir, file)), file).toBe(true)
    const route = routeFunctions[`../pages/${file.replace('site/pages/', '')}`]
    if (route) expect(route({ urlPathname: address }), address).toBeTruthy()
    else if (file.includes('/@')) expect(address).toMatch(new RegExp(`^${routeOf(file).replace(/@[^/]+/g, '[^/]+')}$`))
  }
  // The admin's route takes the addresses of its screens only.
  const admin = routeFunctions['../pages/admin/+route.ts']!
  for (const address of ['/admin/nope', '/administrator', '/admins']) expect(admin({ urlPathname: address }), address).toBe(false)
})

// The site's own pages as Vike routes them (its folders), for the check the build runs (builder/siteBuild.ts).
const sitePages: RoutedPage[] = pageFiles
  .filter((file) => !routed.has(folderOf(file)))
  .map((file) => ({
    pageId: `/${folderOf(file)}`,
    route: routeOf(file),
    prerenderHook: existsSync(path.join(projectDir, folderOf(file), '+onBeforePrerenderStart.ts')),
  }))

it('finds a page for every collection', () => {
  expect(collectionPageProblems(sitePages)).toEqual([])
})

it('names the collection whose page is missing, and the page to add', () => {
  const withoutArticles = sitePages.filter(({ route }) => route !== '/blog/@slug')
  expect(collectionPageProblems(withoutArticles)).toEqual([
    "site/content/collections.ts: posts has no page: add site/pages/blog/@slug/+Page.tsx, +data.ts, +head.ts and +onBeforePrerenderStart.ts (export const onBeforePrerenderStart = prerenderCollection('posts'))",
  ])
  const withoutHook = sitePages.map((page) => (page.route === '/service/@id' ? { ...page, prerenderHook: false } : page))
  expect(collectionPageProblems(withoutHook)).toEqual([
    "site/content/collections.ts: the page of services lists no addresses: add site/pages/service/@id/+onBeforePrerenderStart.ts (export const onBeforePrerenderStart = prerenderCollection('services'))",
  ])
})
