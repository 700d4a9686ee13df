import { Inbox } from 'lucide-react'

type EmptyStateProps = { title: string; text: string }

/** What a list shows when it has nothing (yet, or for this filter). */
export function EmptyState({ title, text }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border-2 border-dashed border-border-strong px-6 py-16 text-center">
      <Inbox aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
      <h3 className="mt-4 text-lg font-semibold text-foreground">{title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
    </div>
  )
}
