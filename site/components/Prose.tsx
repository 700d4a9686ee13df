import { cn } from '../ui/cn'

type ProseProps = { html: string; className?: string }

/** Markdown rendered at build time from content/ (trusted, written by editors in git). */
export function Prose({ html, className }: ProseProps) {
  return (
    <div
      className={cn('prose prose-slate max-w-none prose-headings:tracking-tight prose-a:text-primary-strong prose-a:font-semibold', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time from content/
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
