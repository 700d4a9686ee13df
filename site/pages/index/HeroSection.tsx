import { ArrowDown } from 'lucide-react'
import { ConsultationButton } from '../../components/ConsultationButton'
import { Picture } from '../../components/Picture'
import { Button } from '../../ui/button'
import type { Data } from './+data'

export function HeroSection({ data }: { data: Data }) {
  const { ui, heroImage } = data
  return (
    <section id="home" className="relative isolate overflow-hidden bg-brand-950 text-white">
      <Picture image={heroImage} alt="" priority className="absolute inset-0 -z-20 h-full w-full object-cover opacity-60" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950 via-brand-950/85 to-brand-900/40" />
      <div className="mx-auto max-w-7xl px-4 pb-24 pt-36 sm:px-6 sm:pb-32 sm:pt-44 lg:px-8">
        <p className="inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/20">{ui.heroEyebrow}</p>
        <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {ui.heroTitle} <span className="text-accent">{ui.heroHighlight}</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-on-dark sm:text-xl">{ui.heroText}</p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <ConsultationButton variant="accent" size="lg">
            {ui.heroPrimary}
          </ConsultationButton>
          <Button asChild variant="ghostLight" size="lg">
            <a href="#services">
              {ui.heroSecondary}
              <ArrowDown aria-hidden="true" className="h-5 w-5" />
            </a>
          </Button>
        </div>
      </div>
    </section>
  )
}
