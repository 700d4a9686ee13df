import { use, type ComponentProps, type ReactNode } from 'react'
import { sourcePageField } from '../../contract/wire/source'
import { PagePath } from './pagePath'
import { cn } from '../ui/cn'

const controlClass =
  'block w-full rounded-lg border border-input bg-background px-3.5 py-2.5 text-base text-foreground shadow-sm transition ' +
  'placeholder:text-subtle focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/60 ' +
  'disabled:cursor-not-allowed disabled:bg-secondary aria-[invalid=true]:border-invalid aria-[invalid=true]:focus-visible:ring-invalid/50'

const noteClass = 'ml-1 font-normal text-subtle'

type ShellProps = { id: string; label: string; error?: string; optional?: string; note?: string; hint?: string; className?: string; children: ReactNode }

/**
 * Label above (with its "(optional)" or other note), the control, an optional hint and the field's
 * error below it; hint and error are announced through aria-describedby.
 */
function FieldShell({ id, label, error, optional, note, hint, className, children }: ShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-emphasis">
        {label}
        {optional && <span className={noteClass}>{optional}</span>}
        {note && <span className={noteClass}>{note}</span>}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

const describedBy = (id: string, error?: string, hint?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
})

type Extra = { id: string; label: string; error?: string; optional?: string; note?: string; hint?: string; shellClassName?: string }

export function TextField({ id, label, error, optional, note, hint, shellClassName, className, ...input }: ComponentProps<'input'> & Extra) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional} note={note} hint={hint} className={shellClassName}>
      <input id={id} className={cn(controlClass, className)} required={!optional} {...describedBy(id, error, hint)} {...input} />
    </FieldShell>
  )
}

export function TextAreaField({ id, label, error, optional, note, hint, shellClassName, className, ...textarea }: ComponentProps<'textarea'> & Extra) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional} note={note} hint={hint} className={shellClassName}>
      <textarea id={id} rows={4} className={cn(controlClass, 'resize-y', className)} required={!optional} {...describedBy(id, error, hint)} {...textarea} />
    </FieldShell>
  )
}

/** A choice; a `disabled` one is shown but cannot be chosen, its label saying why. */
export type Option = { value: string; label: string; disabled?: boolean }

/** Choices under a heading of their own (`<optgroup>`): the starts of one day. */
export type OptionGroup = { label: string; options: Option[] }

type SelectProps = ComponentProps<'select'> & Extra & { options: (Option | OptionGroup)[]; placeholder: string }

const OptionElement = ({ option }: { option: Option }) => (
  <option value={option.value} disabled={option.disabled}>
    {option.label}
  </option>
)

export function SelectField({ id, label, error, optional, note, hint, shellClassName, className, options, placeholder, ...select }: SelectProps) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional} note={note} hint={hint} className={shellClassName}>
      <select id={id} className={cn(controlClass, className)} required={!optional} {...describedBy(id, error, hint)} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) =>
          'options' in option ? (
            <optgroup key={option.label} label={option.label}>
              {option.options.map((inner) => (
                <OptionElement key={inner.value} option={inner} />
              ))}
            </optgroup>
          ) : (
            <OptionElement key={option.value} option={option} />
          ),
        )}
      </select>
    </FieldShell>
  )
}

type HoneypotProps = { label: string; value: string; onChange: (value: string) => void }

/**
 * The spam trap every form carries as `_gotcha`: off screen, out of the tab order and hidden from
 * assistive technology, so only robots fill it in (the service then drops the request).
 */
export function Honeypot({ label, value, onChange }: HoneypotProps) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name="_gotcha" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
      </label>
    </div>
  )
}

/**
 * The idempotency key of the submission attempt (`_key`). Empty in the server HTML, where the service
 * derives a key from the post itself; the hydrated island fills in the key it sends as `Idempotency-Key`.
 */
export function AttemptKeyField({ value }: { value: string }) {
  return <input type="hidden" name="_key" value={value} />
}

/**
 * The page the form is sent from (`sourcePage`), for a post without JavaScript: the server renders its
 * path (PagePath). Hydrated, the form sends the visit's source as JSON instead (visitSource.ts).
 */
export function SourcePageField() {
  const page = use(PagePath) ?? (typeof location === 'undefined' ? '' : location.pathname)
  return <input type="hidden" name={sourcePageField} value={page} />
}
