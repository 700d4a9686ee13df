// Each island's code, split into its own chunk; the browser loads only the islands a page contains.
export const islands = {
  header: () => import('./header/Header'),
  'services-carousel': () => import('./services-carousel/ServicesCarousel'),
  'testimonials-carousel': () => import('./testimonials-carousel/TestimonialsCarousel'),
  portfolio: () => import('./portfolio/Portfolio'),
} as const

export type IslandName = keyof typeof islands
