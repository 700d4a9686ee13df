import { useId } from 'react'
import { Island, type HydrateWhen } from './Island'
import type { IslandProps } from './registry'

/** Where a sign-up sits: the card that closes the blog list or an article, or a row of the footer. */
const variants = {
  card: {
    box: 'mx-auto max-w-3xl rounded-3xl bg-brand-950 px-6 py-12 text-center text-white sm:px-12',
    title: 'text-3xl font-bold tracking-tight',
    text: 'mx-auto mt-4 max-w-xl text-lg leading-8 text-on-dark',
    form: 'mt-8',
  },
  footer: {
    box: 'flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between',
    title: 'text-sm font-semibold uppercase tracking-wider text-white',
    text: 'mt-3 max-w-md text-sm leading-6',
    form: 'w-full lg:max-w-xl',
  },
} as const

export type NewsletterSignupProps = {
  title: string
  text: string
  /** The form's words, the same wherever it sits. */
  form: IslandProps<'newsletter'>
  variant: keyof typeof variants
  /**
   * 'on-demand' where the page would otherwise load no form code (an article, the footer): the form
   * posts as plain HTML and hydrates at the visitor's first focus or pointer on it.
   */
  hydrate: HydrateWhen
}

/** The newsletter sign-up: a heading, a line and the newsletter island, as a labelled section. */
export function NewsletterSignup({ title, text, form, variant, hydrate }: NewsletterSignupProps) {
  const id = useId()
  const style = variants[variant]
  return (
    <section aria-labelledby={id} className={style.box}>
      <div>
        <h2 id={id} className={style.title}>
          {title}
        </h2>
        <p className={style.text}>{text}</p>
      </div>
      <div className={style.form}>
        <Island name="newsletter" hydrate={hydrate} props={form} />
      </div>
    </section>
  )
}
