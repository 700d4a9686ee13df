/** 'YYYY-MM-DD' as "May 20, 2025", the same on every machine that builds the site. */
export function FormattedDate({ date, className }: { date: string; className?: string }) {
  const text = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
  return <time dateTime={date} className={className}>{text}</time>
}
