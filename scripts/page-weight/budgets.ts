// The page-weight budgets (gzip bytes; kB here means 1,000 bytes) and one page of each type they apply
// to. The budget applies to the browser figure (browserWeight.ts): everything the page fetches before it
// is idle, islands included; the static figure (staticWeight.ts) is printed beside it to show how much is
// on the critical path. Shared by `npm run bench` (scripts/bench-size.ts) and tests/site/budgets.test.ts.

export const kB = 1000

/** JavaScript and CSS budgets (gzip bytes). `js: null` in a page type: no JavaScript budget for it. */
export const budgets = {
  /** Text pages (article, legal page, case study, service page, blog list) before the visitor interacts. */
  textPageJsBeforeInteraction: 10 * kB,
  homeJs: 100 * kB,
  articleOrLegalJs: 80 * kB,
  css: 25 * kB,
}

export type PageKind = 'home' | 'service' | 'case-study' | 'portfolio' | 'blog' | 'article' | 'legal' | 'sitemap' | 'admin' | 'overview' | '404'

/** The pages that are text to read: before the visitor interacts they load at most `budgets.textPageJsBeforeInteraction`. */
export const textPageKinds: readonly PageKind[] = ['service', 'case-study', 'blog', 'article', 'legal']

export interface PageType {
  kind: PageKind
  /** The URL path the page is served at. */
  route: string
  /** Gzip byte budgets; `js: null` when the page type has no JavaScript budget (the figure is still printed). */
  budget: { js: number | null; css: number }
}

/** One page of each type, with its budget. */
export const pageTypes: PageType[] = [
  { kind: 'home', route: '/', budget: { js: budgets.homeJs, css: budgets.css } },
  { kind: 'service', route: '/service/website-design', budget: { js: null, css: budgets.css } },
  { kind: 'case-study', route: '/case-study/smart-support', budget: { js: null, css: budgets.css } },
  { kind: 'portfolio', route: '/portfolio', budget: { js: null, css: budgets.css } },
  { kind: 'blog', route: '/blog', budget: { js: null, css: budgets.css } },
  { kind: 'article', route: '/blog/automation-workflows', budget: { js: budgets.articleOrLegalJs, css: budgets.css } },
  { kind: 'legal', route: '/privacy-policy', budget: { js: budgets.articleOrLegalJs, css: budgets.css } },
  { kind: 'sitemap', route: '/sitemap', budget: { js: null, css: budgets.css } },
  { kind: 'admin', route: '/admin/newsletter', budget: { js: null, css: budgets.css } },
  // The Overview's charts and tables are a chunk of their own, loaded on it only: at most 60 kB more than the other admin screens.
  { kind: 'overview', route: '/admin', budget: { js: null, css: budgets.css } },
  { kind: '404', route: '/404.html', budget: { js: null, css: budgets.css } },
]

export const formatKb = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`
