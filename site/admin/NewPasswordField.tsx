import type { ComponentProps } from 'react'
import { passwordMax, passwordMin } from '../../contract/wire/people'
import { format } from '../content/ui'
import { TextField } from '../forms/fields'
import type { ShellLabels } from './labels'

type NewPasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'name' | 'autoComplete' | 'minLength' | 'maxLength' | 'hint'> & {
  labels: Pick<ShellLabels, 'newPasswordHint'>
}

/**
 * A password a person chooses (the first owner's, an invitation's, a reset's): the contract's length, which the
 * browser checks first, its hint, and the attributes a password manager reads to offer a strong one.
 */
export function NewPasswordField({ labels, ...field }: NewPasswordFieldProps) {
  return (
    <TextField
      hint={format(labels.newPasswordHint, { min: passwordMin })}
      type="password"
      name="new-password"
      autoComplete="new-password"
      minLength={passwordMin}
      maxLength={passwordMax}
      {...field}
    />
  )
}
