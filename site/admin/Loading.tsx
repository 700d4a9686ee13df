import { LoaderCircle } from 'lucide-react'

type LoadingProps = { text: string; noScript: string }

/** A screen's loading line (also the server's HTML), and what it says without JavaScript. */
export function Loading({ text, noScript }: LoadingProps) {
  return (
    <>
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" />
        {text}
      </p>
      <noscript>
        <p className="text-center text-body">{noScript}</p>
      </noscript>
    </>
  )
}
