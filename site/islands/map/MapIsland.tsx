import type { SiteContent } from '../../content'
import { Island } from '../Island'
import MapEmbed from './MapEmbed'

/** The contact section's click-to-load map. */
export function MapIsland({ content }: { content: SiteContent }) {
  return <Island name="map" component={MapEmbed} hydrate="visible" props={{ map: content.site.map }} />
}
