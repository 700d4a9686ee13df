import { Fragment } from 'react'

type TextWithEmailProps = {
  /** Copy from content with an '{email}' placeholder: 'write to us at {email} and …'. */
  template: string
  email: string
}

/** A sentence from content with the agency's address in it as a mailto link. */
export function TextWithEmail({ template, email }: TextWithEmailProps) {
  const [before, ...rest] = template.split('{email}')
  return (
    <>
      {before}
      {rest.map((after, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed sentence, never reordered
        <Fragment key={index}>
          <a href={`mailto:${email}`} className="font-semibold underline underline-offset-2">
            {email}
          </a>
          {after}
        </Fragment>
      ))}
    </>
  )
}
