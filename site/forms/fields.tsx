import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../ui/cn'

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm transition ' +
  'placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/60 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:ring-red-600/50'

type ShellProps = { id: string; label: string; error?: string; optional?: string; className?: string; children: ReactNode }

/** Label above, control, and the field's error below it (announced through aria-describedby). */
function FieldShell({ id, label, error, optional, className, children }: ShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">{optional}</span>}
      </label>
      <div className="mt-1.5">{children}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

const errorProps = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
})

type Extra = { id: string; label: string; error?: string; optional?: string; shellClassName?: string }

export function TextField({ id, label, error, optional, shellClassName, className, ...input }: ComponentProps<'input'> & Extra) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional} className={shellClassName}>
      <input id={id} className={cn(controlClass, className)} required={!optional} {...errorProps(id, error)} {...input} />
    </FieldShell>
  )
}

export function TextAreaField({ id, label, error, optional, shellClassName, className, ...textarea }: ComponentProps<'textarea'> & Extra) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional} className={shellClassName}>
      <textarea id={id} rows={4} className={cn(controlClass, 'resize-y', className)} required={!optional} {...errorProps(id, error)} {...textarea} />
    </FieldShell>
  )
}

export type Option = { value: string; label: string }

type SelectProps = ComponentProps<'select'> & Extra & { options: Option[]; placeholder: string }

export function SelectField({ id, label, error, optional, shellClassName, className, options, placeholder, ...select }: SelectProps) {
  return (
    <FieldShell id={id} label={label} error={error} optional={optional} className={shellClassName}>
      <select id={id} className={cn(controlClass, className)} required={!optional} {...errorProps(id, error)} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
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
