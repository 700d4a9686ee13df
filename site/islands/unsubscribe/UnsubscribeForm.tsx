import type { UiStrings } from '../../content/ui'
import { api } from '../../../contract/wire/api'
import { apiRequest } from '../../forms/api'
import { LinkConfirm } from '../link-confirm/LinkConfirm'

export type UnsubscribeFormProps = {
  labels: Pick<UiStrings['unsubscribe'], 'confirm' | 'confirming' | 'success' | 'invalid' | 'failure'>
  /** The agency's address, offered when the link is not valid. */
  email: string
}

/** Unsubscribes the reader the welcome email's link names (`?token=…`) once they press the button. */
export default function UnsubscribeForm({ labels, email }: UnsubscribeFormProps) {
  const unsubscribe = async (token: string) => {
    await apiRequest(api.unsubscribe, { body: { token } })
    return labels.success
  }
  return <LinkConfirm labels={labels} email={email} act={unsubscribe} />
}
