import { ConsultationButton } from '../../components/ConsultationButton'
import { Icon } from '../../components/Icon'
import { Section, SectionHeading } from '../../components/Section'
import { format } from '../../content/ui'
import type { Data } from './+data'

export function AnalysisSection({ data }: { data: Data }) {
  const { ui, analysisSteps } = data
  return (
    <Section tone="muted" aria-labelledby="analysis-title">
      <SectionHeading id="analysis-title" eyebrow={ui.analysisEyebrow} title={ui.analysisTitle} text={ui.analysisText} />
      <ol className="mt-14 grid gap-6 md:grid-cols-3">
        {analysisSteps.map((step, index) => (
          <li key={step.title} data-reveal className="relative rounded-2xl border border-border bg-card p-8 shadow-sm">
            <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-900 text-white">
              <Icon name={step.icon} className="h-6 w-6" />
            </span>
            <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-500">{format(ui.analysisStep, { number: index + 1 })}</p>
            <h3 className="mt-2 text-xl font-semibold">{step.title}</h3>
            <p className="mt-3 leading-7 text-muted-foreground">{step.description}</p>
          </li>
        ))}
      </ol>
      <p className="mt-12 text-center">
        <ConsultationButton size="lg">{ui.analysisButton}</ConsultationButton>
      </p>
    </Section>
  )
}
