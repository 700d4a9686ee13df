import { useEffect, useRef, useState } from 'react'
import { codeNeeded, signInSchema } from '../../contract/wire/people'
import { TextField } from '../forms/fields'
import { cn } from '../ui/cn'
import type { SignInLabels } from './labels'
import { textLink } from './textLink'

type SecondFactorCodeProps = {
  id: string
  value: string
  onChange: (code: string) => void
  /** The service's sentence for the code (`fields.code` of its 401): it asks for one (`codeNeeded`), or says this one is wrong. */
  message: string | undefined
  /** The last refusal: a new one puts focus back in the field, its code selected, to type the next. */
  failure: Error | null
  labels: Pick<SignInLabels, 'signInCode' | 'signInRecoveryCode' | 'useRecoveryCode' | 'useAppCode'>
}

/**
 * The sign-in's second step, under the password once it was right: the authenticator app's code (the phone's
 * number pad, and the code an SMS-less OS offers, `one-time-code`), or a recovery code instead, whose letters
 * need the full keyboard. It takes focus when it appears, and again after a wrong code.
 */
export function SecondFactorCode({ id, value, onChange, message, failure, labels }: SecondFactorCodeProps) {
  const [recovery, setRecovery] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (failure && message) {
      input.current?.focus()
      input.current?.select()
    }
  }, [failure, message])
  return (
    <div>
      <TextField
        ref={input}
        id={id}
        label={recovery ? labels.signInRecoveryCode : labels.signInCode}
        hint={codeNeeded}
        error={message === codeNeeded ? undefined : message}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={signInSchema.properties.code.maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        onClick={() => {
          setRecovery((on) => !on)
          input.current?.focus()
        }}
        className={cn('mt-2 text-sm', textLink)}
      >
        {recovery ? labels.useAppCode : labels.useRecoveryCode}
      </button>
    </div>
  )
}
