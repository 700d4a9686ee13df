import type { SiteContent } from '../../content'
import { Island } from '../Island'

/** The contact section's click-to-load map. */
export function MapIsland({ content }: { content: SiteContent }) {
  return <Island name="map" hydrate="visible" props={{ map: content.site.map }} />
}
