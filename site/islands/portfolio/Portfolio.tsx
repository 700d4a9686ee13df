import { useState } from 'react'
import { CaseCard, type CaseCardData } from '../../components/CaseCard'
import { cn } from '../../ui/cn'

export type PortfolioProps = {
  cases: CaseCardData[]
  categories: string[]
  labels: { filterAll: string; filterLabel: string; featured: string; viewCaseStudy: string }
}

const ALL = 'all'

/** The first case is featured; under "All" the grid omits it, a category shows all of its cases. */
export default function Portfolio({ cases, categories, labels }: PortfolioProps) {
  const [filter, setFilter] = useState(ALL)
  const [featured, ...rest] = cases
  const shown = filter === ALL ? rest : cases.filter((study) => study.category === filter)
  const filters = [{ value: ALL, label: labels.filterAll }, ...categories.map((category) => ({ value: category, label: category }))]
  return (
    <div>
      {featured && <CaseCard study={featured} featured badge={labels.featured} linkLabel={labels.viewCaseStudy} />}
      {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not form fields; a fieldset would need a legend */}
      <div role="group" aria-label={labels.filterLabel} className="mt-10 flex flex-wrap justify-center gap-2">
        {filters.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={cn(
              'rounded-full px-5 py-2 text-sm font-semibold transition',
              filter === value ? 'bg-brand-900 text-white' : 'bg-background text-body ring-1 ring-input hover:bg-secondary',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {shown.map((study) => (
          <li key={study.id} className="flex">
            <CaseCard study={study} linkLabel={labels.viewCaseStudy} />
          </li>
        ))}
      </ul>
    </div>
  )
}
