import type { LeadCounts } from '../../../contract/wire/overview'
import type { OverviewLabels } from '../labels'

/** The three kinds of lead, each in the admin's colour for its role. */
export const leadKinds = [
  { key: 'consultations', fill: 'fill-primary', swatch: 'bg-primary' },
  { key: 'contacts', fill: 'fill-warning-foreground', swatch: 'bg-warning-foreground' },
  { key: 'newsletter', fill: 'fill-success', swatch: 'bg-success' },
] as const satisfies ReadonlyArray<{ key: keyof LeadCounts; fill: string; swatch: string }>

type Week = LeadCounts & { week: string }

const height = 160
const barWidth = 10
const groupGap = 14
const axis = 24

/** '2026-11-02' -> 'Nov 2'. */
export const shortDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * Leads by kind and week as grouped bars, in plain SVG: it scales to its box (a phone or a wide
 * screen) and is hidden from assistive technology, which reads the table beside it instead.
 */
export function WeekChart({ weeks, labels }: { weeks: Week[]; labels: OverviewLabels }) {
  const most = Math.max(1, ...weeks.flatMap((week) => leadKinds.map((kind) => week[kind.key])))
  const groupWidth = leadKinds.length * barWidth + groupGap
  const width = Math.max(groupWidth * weeks.length, 120)
  // Label every week when they fit, else every few.
  const every = Math.ceil(weeks.length / 8)
  return (
    <div>
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-body">
        {leadKinds.map((kind) => (
          <li key={kind.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${kind.swatch}`} />
            {labels[kind.key]}
          </li>
        ))}
      </ul>
      {/* Scaled as a whole (the labels keep their shape), at most 16rem high, centred. */}
      <svg aria-hidden="true" viewBox={`0 0 ${width} ${height + axis}`} className="block max-h-64 w-full">
        <line x1="0" x2={width} y1={height} y2={height} className="stroke-border-strong" strokeWidth="1" />
        {weeks.map((week, index) => (
          <g key={week.week} transform={`translate(${index * groupWidth + groupGap / 2}, 0)`}>
            {leadKinds.map((kind, k) => {
              const barHeight = (week[kind.key] / most) * (height - 8)
              return <rect key={kind.key} x={k * barWidth} y={height - barHeight} width={barWidth - 2} height={barHeight} className={kind.fill} />
            })}
            {index % every === 0 && (
              <text x={(leadKinds.length * barWidth) / 2} y={height + 16} textAnchor="middle" className="fill-muted-foreground text-[9px]">
                {shortDay(week.week)}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  )
}
