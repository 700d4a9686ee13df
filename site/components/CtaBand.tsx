import { ConsultationButton } from './ConsultationButton'

type CtaBandProps = { title: string; text: string; button: string /** The consultation service the button chooses (a service page's). */; service?: string }

/** The closing call to action of the home, service and article pages. */
export function CtaBand({ title, text, button, service }: CtaBandProps) {
  return (
    <section className="bg-background px-4 py-20 sm:px-6 lg:px-8">
      <div
        data-reveal
        className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-500 px-6 py-14 text-center text-white shadow-xl sm:px-12"
      >
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">{text}</p>
        <ConsultationButton variant="accent" size="lg" className="mt-8" data-service={service}>
          {button}
        </ConsultationButton>
      </div>
    </section>
  )
}
