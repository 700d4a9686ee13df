import type { UiStrings } from '../../content/ui'
import type { HydrateWhen } from '../Island'
import { Island } from '../Island'
import type { PortfolioProps } from './Portfolio'

type PortfolioIslandProps = Pick<PortfolioProps, 'cases' | 'categories'> & { ui: UiStrings['home']; hydrate: HydrateWhen }

/** The filterable portfolio, on the home page and on /portfolio. */
export function PortfolioIsland({ cases, categories, ui, hydrate }: PortfolioIslandProps) {
  return (
    <Island
      name="portfolio"
      hydrate={hydrate}
      props={{ cases, categories, labels: { filterAll: ui.filterAll, filterLabel: ui.filterLabel, featured: ui.featured, viewCaseStudy: ui.viewCaseStudy } }}
    />
  )
}
