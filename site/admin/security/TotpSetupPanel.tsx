import { useEffect, useId, useRef, useState } from 'react'
import type { TotpSetup } from '../../../contract/wire/people'
import { ApiError, serviceMessage } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CopyField } from '../CopyField'
import type { SecurityLabels } from '../labels'
import { textLink } from '../textLink'
import { QrCode } from './QrCode'
import { useTotpConfirm } from './securityQueries'

type TotpSetupPanelProps = {
  setup: TotpSetup
  announce: (text: string) => void
  /** The code was right: the app is on, and these are its recovery codes (shown once). */
  onConfirmed: (recoveryCodes: string[]) => void
  onCancel: () => void
  labels: SecurityLabels
}

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP': a key to type by hand, in fours as the apps show them (they ignore the spaces). */
const inFours = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * Adding the desk to an authenticator app: its QR code, the same key as text to type or copy, and the code the
 * app then shows, which turns it on. The panel's heading takes focus when it opens; a wrong code is said under
 * its field, in the service's words.
 */
export function TotpSetupPanel({ setup, announce, onConfirmed, onCancel, labels }: TotpSetupPanelProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [code, setCode] = useState('')
  const confirm = useTotpConfirm()
  const fields = confirm.error instanceof ApiError ? confirm.error.fields : {}
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold tracking-tight text-brand-900 outline-none">
        {labels.setupTitle}
      </h3>
      <p className="mt-2 max-w-3xl text-sm leading-6 text-body">{labels.setupText}</p>
      <div className="mt-5 flex flex-col gap-6 md:flex-row md:items-start">
        <div className="space-y-3">
          <QrCode text={setup.uri} label={labels.qrLabel} loading={labels.qrLoading} />
          {/* A phone cannot scan its own screen: its app takes the same address as a link. */}
          <p className="max-w-48 text-sm">
            <a href={setup.uri} className={textLink}>
              {labels.openInApp}
            </a>
          </p>
        </div>
        <div className="min-w-0 flex-1 space-y-5">
          <CopyField
            id={`${id}-secret`}
            label={labels.secretLabel}
            value={inFours(setup.secret)}
            labels={labels}
            onCopied={() => announce(labels.secretCopied)}
          />
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault()
              if (!confirm.isPending) confirm.mutate({ secret: setup.secret, code }, { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes) })
            }}
          >
            <TextField
              id={`${id}-code`}
              label={labels.appCode}
              hint={labels.appCodeHint}
              error={fields.code ?? fields.secret}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              shellClassName="w-full sm:max-w-xs"
            />
            {confirm.isError && !fields.code && !fields.secret && <Alert>{serviceMessage(confirm.error) ?? labels.setupFailed}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" aria-disabled={confirm.isPending}>
                {confirm.isPending ? labels.confirmingApp : labels.confirmApp}
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={onCancel}>
                {labels.cancelSetup}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </section>
  )
}
