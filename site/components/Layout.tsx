import type { SiteContent } from '../content'
import { GlobalWidgets } from '../islands/global/GlobalWidgets'
import { Island } from '../islands/Island'
import { Footer } from './Footer'

type LayoutProps = { content: SiteContent; isHome: boolean; children: React.ReactNode }

export function Layout({ content, isHome, children }: LayoutProps) {
  const { ui, navigation, site } = content
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {ui.header.skipToContent}
      </a>
      <Island
        name="header"
        hydrate={isHome ? 'load' : 'idle'}
        props={{ isHome, logoText: site.logoText, links: navigation.main, labels: ui.header }}
      />
      <main id="main" tabIndex={-1} className="outline-none">{children}</main>
      <Footer content={content} />
      <GlobalWidgets content={content} />
    </>
  )
}
