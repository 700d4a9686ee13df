import type { ComponentProps } from 'react'

/**
 * Every island by name, each its own chunk: the browser loads only the islands a page contains, and the
 * server renders them from the same modules (Island.tsx). A page names an island and gives it the props
 * of the component loaded here, nothing else links the two.
 */
export const islands = {
  header: () => import('./header/Header'),
  'services-carousel': () => import('./services-carousel/ServicesCarousel'),
  'testimonials-carousel': () => import('./testimonials-carousel/TestimonialsCarousel'),
  portfolio: () => import('./portfolio/Portfolio'),
  consultation: () => import('./consultation/ConsultationDialog'),
  'consultation-page': () => import('./consultation-page/ConsultationPageForm'),
  'offer-popup': () => import('./offer-popup/OfferPopup'),
  'contact-form': () => import('./contact-form/ContactForm'),
  newsletter: () => import('./newsletter/NewsletterForm'),
  unsubscribe: () => import('./unsubscribe/UnsubscribeForm'),
  'consultation-hold': () => import('./consultation-hold/HoldForm'),
  meeting: () => import('./meeting/MeetingLinkPage'),
  map: () => import('./map/MapEmbed'),
  admin: () => import('../admin/AdminScreen'),
} as const

export type IslandName = keyof typeof islands
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]>>['default']
/** What a page gives the island `N`: `IslandProps<'map'>` is MapEmbed's props. */
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>
