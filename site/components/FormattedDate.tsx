// One formatter for the whole build: creating one per date costs more than rendering the page.
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** 'YYYY-MM-DD' as "May 20, 2025", the same on every machine that builds the site. */
export function FormattedDate({ date, className }: { date: string; className?: string }) {
  const text = longDate.format(new Date(`${date}T00:00:00Z`))
  return (
    <time dateTime={date} className={className}>
      {text}
    </time>
  )
}
