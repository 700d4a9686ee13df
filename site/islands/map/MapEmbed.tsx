import { MapPin } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Site } from '../../content/schemas'
import { useHydrated } from '../../forms/useHydrated'
import { Button } from '../../ui/button'

export type MapEmbedProps = { map: Site['map'] }

/**
 * The contact section's map: a placeholder until the visitor asks for it, so that no third-party
 * frame (and none of its cookies) loads with the page.
 */
export default function MapEmbed({ map }: MapEmbedProps) {
  const hydrated = useHydrated()
  const [loaded, setLoaded] = useState(false)
  const frame = useRef<HTMLIFrameElement>(null)

  // The button that had focus is gone; the map takes its place in the tab order.
  useEffect(() => {
    if (loaded) frame.current?.focus()
  }, [loaded])

  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-secondary ring-1 ring-border">
      {loaded ? (
        <iframe
          ref={frame}
          src={map.embedUrl}
          title={map.title}
          className="absolute inset-0 h-full w-full border-0"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-[radial-gradient(circle_at_center,_#e0e7ff_0,_#f1f5f9_70%)] p-6 text-center">
          <span aria-hidden="true" className="grid h-14 w-14 place-items-center rounded-full bg-card text-primary shadow">
            <MapPin className="h-7 w-7" />
          </span>
          <p className="max-w-xs text-sm leading-6 text-body">{map.notice}</p>
          <Button type="button" onClick={() => setLoaded(true)} disabled={!hydrated} variant="primary" size="sm">
            {map.loadLabel}
          </Button>
        </div>
      )}
    </div>
  )
}
