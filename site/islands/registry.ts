// Each island's code, split into its own chunk; the browser loads only the islands a page contains.
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
  map: () => import('./map/MapEmbed'),
  admin: () => import('./admin/AdminScreen'),
} as const

export type IslandName = keyof typeof islands
