import type { ReactNode } from 'react'
import { serviceMessage, type ApiError } from '../forms/api'
import { Alert } from '../ui/alert'
import { SignedOutCard } from './SignedOutCard'

type LinkGoneProps = {
  title: string
  /** The service's 404 for the link: its words say why (used, revoked, expired). */
  error: ApiError
  /** What to do instead: whom to ask, or where to ask again. */
  children: ReactNode
}

/** The page of an emailed link that no longer works (an invitation, a password reset): why, and what to do. */
export function LinkGone({ title, error, children }: LinkGoneProps) {
  return (
    <SignedOutCard title={title} width="lg">
      <Alert className="mt-4">{serviceMessage(error) ?? title}</Alert>
      <p className="mt-4 text-sm leading-6 text-body">{children}</p>
    </SignedOutCard>
  )
}
