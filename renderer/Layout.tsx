import { Island } from '../site/islands/Island'
import type { IslandProps } from '../site/islands/registry'
import { Footer, type FooterProps } from './Footer'

/** What the frame of every page shows, the same on each (renderer/layoutData.ts). */
export type LayoutData = {
  skipToContent: string
  header: Omit<IslandProps<'header'>, 'isHome'>
  footer: FooterProps
  consultation: IslandProps<'consultation'>
  offer: IslandProps<'offer-popup'>
}

type LayoutProps = LayoutData & { isHome: boolean; children: React.ReactNode }

export function Layout({ skipToContent, header, footer, consultation, offer, isHome, children }: LayoutProps) {
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-background px-4 py-2 text-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {skipToContent}
      </a>
      <Island name="header" hydrate="idle" props={{ isHome, ...header }} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer {...footer} />
      {/*
        The consultation dialog and the limited-offer popup have no HTML until opened, and neither loads
        its code with the page: the dialog loads when a consultation button is pointed at, focused or
        clicked, the popup when it is due (renderer/+client.ts), so that pages stay within their
        JavaScript budget.
      */}
      <Island name="consultation" hydrate="on-demand" props={consultation} />
      <Island name="offer-popup" hydrate="on-demand" props={offer} />
    </>
  )
}
