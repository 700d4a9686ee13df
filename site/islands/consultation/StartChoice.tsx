import { useEffect, useRef } from 'react'
import { format } from '../../content/ui'
import { cn } from '../../ui/cn'
import { centralTime, visitorTime } from './startTimes'

type StartChoiceProps = {
  id: string
  /** 'Start time'. */
  legend: string
  /** How the form names Dallas's zone once: '(Central time, Dallas)'. */
  zoneNote: string
  /** '{time} your time'. */
  localLabel: string
  /** The window's free starts, in order (ISO instants). */
  starts: readonly string[]
  value: string
  onChange: (start: string) => void
  /** The browser's zone; the visitor's own time shows beside each start where it reads differently. */
  visitorZone: string
  /** Why the choice was refused (the time was just taken), under the choices. */
  error?: string
  /** The error is the service's refusal, news the visitor did not cause on this screen: announced at once. */
  announce?: boolean
  /** Moves focus to the chosen start once it is shown (after a refusal, the refreshed starts). */
  focusChosen?: boolean
  onFocused?: () => void
}

/**
 * The free starts of the chosen window as radio buttons, one tap each (at least 44 px high), in Central
 * time with the visitor's own time beside it. A fieldset, so that the legend names the group.
 */
export function StartChoice({
  id,
  legend,
  zoneNote,
  localLabel,
  starts,
  value,
  onChange,
  visitorZone,
  error,
  announce,
  focusChosen,
  onFocused,
}: StartChoiceProps) {
  const group = useRef<HTMLFieldSetElement>(null)
  const errorId = `${id}-error`
  // With the visitor's time beside each, three to a row leave it room on one line.
  const twoClocks = starts.some((start) => visitorTime(start, visitorZone) !== undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: when asked, once the chosen start is there
  useEffect(() => {
    if (!focusChosen || !value) return
    group.current?.querySelector<HTMLInputElement>('input:checked')?.focus()
    onFocused?.()
  }, [focusChosen, value])

  return (
    <fieldset ref={group} id={id} className="sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-emphasis">
        {legend}
        <span className="ml-1 font-normal text-subtle">{zoneNote}</span>
      </legend>
      <div className={cn('mt-1.5 grid grid-cols-2 gap-2', twoClocks ? 'sm:grid-cols-3' : 'sm:grid-cols-4')}>
        {starts.map((start) => {
          const local = visitorTime(start, visitorZone)
          return (
            <label
              key={start}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground shadow-sm transition',
                'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/60',
              )}
            >
              <input
                type="radio"
                name="start"
                value={start}
                checked={value === start}
                onChange={() => onChange(start)}
                className="h-4 w-4 shrink-0 accent-brand-800 focus:outline-none"
              />
              <span className="leading-tight">
                <time dateTime={start} className="block font-medium">
                  {centralTime(start)}
                </time>
                {local && <span className="mt-0.5 block text-sm text-muted-foreground">{format(localLabel, { time: local })}</span>}
              </span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={errorId} role={announce ? 'alert' : undefined} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
