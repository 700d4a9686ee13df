import { useId, useRef, useState } from 'react'
import type { PasskeyView } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import { serviceMessage } from '../../forms/api'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import type { SecurityLabels } from '../labels'
import { AddPasskeyForm } from './AddPasskeyForm'
import { PasskeyTable } from './PasskeyTable'
import { useRemovePasskey } from './securityQueries'

type PasskeysProps = { passkeys: PasskeyView[]; announce: (text: string) => void; labels: SecurityLabels }

/**
 * The person's passkeys (named, when added, when last used), each with Remove, which asks first (the service
 * refuses the last second factor the desk requires, in its words), and the form that adds one on this device.
 */
export function Passkeys({ passkeys, announce, labels }: PasskeysProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const remove = useRemovePasskey()
  const [removing, setRemoving] = useState<PasskeyView | null>(null)
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-brand-900 outline-none">
        {labels.passkeysTitle}
      </h2>
      <p className="max-w-3xl text-sm leading-6 text-body">{labels.passkeysText}</p>
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{labels.noPasskeys}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{labels.zoneNote}</p>
          <PasskeyTable
            passkeys={passkeys}
            onRemove={(passkey) => {
              remove.reset()
              setRemoving(passkey)
            }}
            labels={labels}
          />
        </>
      )}
      <AddPasskeyForm announce={announce} labels={labels} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => open || setRemoving(null)}
        title={format(labels.removePasskeyTitle, { name: removing?.name ?? '' })}
        description={labels.removePasskeyText}
        labels={{ confirm: labels.remove, pending: labels.removing, cancel: labels.keep, failed: serviceMessage(remove.error) ?? labels.actionFailed }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              announce(format(labels.passkeyRemoved, { name: removing.name }))
              setRemoving(null)
            },
          })
        }
        pending={remove.isPending}
        failed={remove.isError}
        fallbackFocus={() => heading.current}
      />
    </section>
  )
}
