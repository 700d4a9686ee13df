import { Smartphone } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { SecurityView, TotpSetup } from '../../../contract/wire/people'
import { format } from '../../content/ui'
import { serviceMessage } from '../../forms/api'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import type { SecurityLabels } from '../labels'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'
import { useNewRecoveryCodes, useTotpRemove, useTotpStart } from './securityQueries'
import { TotpSetupPanel } from './TotpSetupPanel'

type AuthenticatorAppProps = { view: SecurityView; announce: (text: string) => void; labels: SecurityLabels }

/** What the section asks to confirm first: removing the app, or new recovery codes (the old ones void). */
type Confirming = 'remove' | 'codes' | null

/**
 * The authenticator app: off, with Set up (a QR code and its key, then a code from the app); on, with the
 * recovery codes left, New recovery codes and Remove, each asked first. New codes are shown once, in place of
 * the rest, until the person says they saved them.
 */
export function AuthenticatorApp({ view, announce, labels }: AuthenticatorAppProps) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const start = useTotpStart()
  const remove = useTotpRemove()
  const newCodes = useNewRecoveryCodes()
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const action = confirming === 'codes' ? newCodes : remove
  const codesLeft = view.recoveryCodesLeft === 1 ? labels.codesLeftOne : format(labels.codesLeftOther, { count: view.recoveryCodesLeft })
  const backToHeading = () => heading.current?.focus()
  const codesHeading = useRef<HTMLHeadingElement>(null)
  const ask = (what: Exclude<Confirming, null>) => {
    newCodes.reset()
    remove.reset()
    setConfirming(what)
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t border-divider pt-8">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight text-brand-900 outline-none">
        {labels.appTitle}
      </h2>
      <p className="max-w-3xl text-sm leading-6 text-body">{labels.appText}</p>
      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          headingRef={codesHeading}
          announce={announce}
          onDone={() => {
            setCodes(null)
            backToHeading()
          }}
          labels={labels}
        />
      ) : setup ? (
        <TotpSetupPanel
          setup={setup}
          announce={announce}
          onConfirmed={(recoveryCodes) => {
            setSetup(null)
            setCodes(recoveryCodes)
            announce(labels.appAdded)
          }}
          onCancel={() => {
            setSetup(null)
            backToHeading()
          }}
          labels={labels}
        />
      ) : (
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-emphasis">
            <Smartphone aria-hidden="true" className="h-4 w-4" />
            {view.totp ? labels.appOn : labels.appOff}
          </p>
          {view.totp && <p className="text-sm text-body">{codesLeft}</p>}
          <div className="flex flex-wrap gap-2">
            {view.totp ? (
              <>
                <Button type="button" variant="outline" size="sm" onClick={() => ask('codes')}>
                  {labels.newCodes}
                </Button>
                <Button type="button" variant="outlineDestructive" size="sm" onClick={() => ask('remove')}>
                  {labels.removeApp}
                </Button>
              </>
            ) : (
              <Button
                type="button"
                size="sm"
                aria-disabled={start.isPending}
                onClick={() => start.isPending || start.mutate(undefined, { onSuccess: setSetup })}
              >
                {start.isPending ? labels.startingApp : labels.setUpApp}
              </Button>
            )}
          </div>
          {start.isError && <Alert>{serviceMessage(start.error) ?? labels.setupFailed}</Alert>}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => open || setConfirming(null)}
        title={confirming === 'codes' ? labels.newCodesTitle : labels.removeAppTitle}
        description={confirming === 'codes' ? labels.newCodesText : labels.removeAppText}
        labels={{
          confirm: confirming === 'codes' ? labels.newCodesConfirm : labels.remove,
          pending: confirming === 'codes' ? labels.makingCodes : labels.removing,
          cancel: labels.keep,
          failed: serviceMessage(action.error) ?? labels.actionFailed,
        }}
        tone={confirming === 'codes' ? 'primary' : 'destructive'}
        onConfirm={() =>
          confirming === 'codes'
            ? newCodes.mutate(undefined, {
                onSuccess: ({ recoveryCodes }) => {
                  setCodes(recoveryCodes)
                  setConfirming(null)
                },
              })
            : remove.mutate(undefined, {
                onSuccess: () => {
                  announce(labels.appRemoved)
                  setConfirming(null)
                },
              })
        }
        pending={action.isPending}
        failed={action.isError}
        // The buttons that opened it are gone: new codes take their place (and focus), or Set up after a removal.
        fallbackFocus={() => codesHeading.current ?? heading.current}
      />
    </section>
  )
}
