import { Section, SectionHeading } from '../../components/Section'
import { Island } from '../../islands/Island'
import { Button } from '../../ui/button'
import { urls } from '../../../contract/wire/urls'
import type { Data } from './+data'

export function PortfolioSection({ data }: { data: Data }) {
  const { ui, portfolio } = data
  return (
    <Section id="portfolio" aria-labelledby="portfolio-title">
      <SectionHeading id="portfolio-title" eyebrow={ui.portfolioEyebrow} title={ui.portfolioTitle} text={ui.portfolioText} />
      <div className="mt-14">
        <Island name="portfolio" hydrate="visible" props={portfolio} />
      </div>
      <p className="mt-12 text-center">
        <Button asChild variant="outline">
          <a href={urls.portfolio}>{ui.viewAllProjects}</a>
        </Button>
      </p>
    </Section>
  )
}
