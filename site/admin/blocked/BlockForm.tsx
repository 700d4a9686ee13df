import { useId, useState } from 'react'
import { blockKinds, blockReasonMax, type BlockKind } from '../../../contract/wire/blockList'
import { maxLength } from '../../../contract/forms/limits'
import { ApiError } from '../../forms/api'
import { TextField } from '../../forms/fields'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import type { BlockedLabels } from '../labels'
import { kindWord } from './blockWords'

type BlockFormProps = {
  onBlock: (entry: { kind: BlockKind; value: string; reason: string }, done: () => void) => void
  blocking: boolean
  /** The failure of the last attempt, if it failed. */
  error: Error | null
  labels: BlockedLabels
}

const hintWord = { email: 'valueHintEmail', client: 'valueHintClient' } as const

/** What to block (an email or a client address), the address and a reason; the service's message for a refused address shows under it. */
export function BlockForm({ onBlock, blocking, error, labels }: BlockFormProps) {
  const id = useId()
  const [kind, setKind] = useState<BlockKind>('email')
  const [value, setValue] = useState('')
  const [reason, setReason] = useState('')
  const fieldError = error instanceof ApiError ? (error.fields.values ?? error.fields.reason) : undefined
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-card p-5 shadow-sm ring-1 ring-border sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-900">
        {labels.addTitle}
      </h2>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!blocking)
            onBlock({ kind, value, reason }, () => {
              setValue('')
              setReason('')
            })
        }}
      >
        <fieldset>
          <legend className="text-sm font-semibold text-emphasis">{labels.kindLabel}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {blockKinds.map((option) => (
              <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 text-emphasis md:min-h-0">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={option}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                  className="h-5 w-5 accent-primary-strong md:h-4 md:w-4"
                />
                {labels[kindWord[option]]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <TextField
            id={`${id}-value`}
            label={labels.valueLabel}
            hint={labels[hintWord[kind]]}
            error={fieldError}
            name="value"
            type={kind === 'email' ? 'email' : 'text'}
            inputMode={kind === 'email' ? 'email' : 'text'}
            autoComplete="off"
            spellCheck={false}
            maxLength={maxLength.email}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            shellClassName="w-full lg:max-w-sm"
          />
          <TextField
            id={`${id}-reason`}
            label={labels.reasonLabel}
            hint={labels.reasonHint}
            optional={labels.optional}
            name="reason"
            autoComplete="off"
            maxLength={blockReasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            shellClassName="w-full lg:max-w-sm"
          />
          <Button type="submit" aria-disabled={blocking} className="self-start lg:mt-7">
            {blocking ? labels.adding : labels.add}
          </Button>
        </div>
      </form>
      {error && !fieldError && <Alert className="mt-4">{labels.addFailed}</Alert>}
    </section>
  )
}
