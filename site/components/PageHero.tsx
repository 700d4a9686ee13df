import type { ImageAsset } from '../content/imageManifest'
import { Breadcrumb, type Crumb } from './Breadcrumb'
import { Picture } from './Picture'

type PageHeroProps = {
  title: string
  breadcrumb?: { label: string; crumbs: Crumb[] }
  eyebrow?: React.ReactNode
  /** Shown darkened behind the text. */
  background?: ImageAsset
  children?: React.ReactNode
}

/** The dark band at the top of every inner page; it sits under the fixed header. */
export function PageHero({ title, breadcrumb, eyebrow, background, children }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-950 pb-16 pt-32 text-white sm:pb-20 sm:pt-36">
      {background && <Picture image={background} alt="" priority className="absolute inset-0 -z-20 h-full w-full object-cover opacity-50" />}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-950/95 via-brand-900/85 to-brand-800/60" />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {breadcrumb && <Breadcrumb {...breadcrumb} />}
        {eyebrow && <div className="mt-6">{eyebrow}</div>}
        <h1 className="mt-4 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children}
      </div>
    </section>
  )
}
