import { TestimonialCard } from '../../components/TestimonialCard'
import type { Testimonial } from '../../content/schemas'
import { Carousel, type CarouselLabels } from '../carousel/Carousel'

export type TestimonialsCarouselProps = { label: string; testimonials: Testimonial[]; labels: CarouselLabels }

export default function TestimonialsCarousel({ label, testimonials, labels }: TestimonialsCarouselProps) {
  return (
    <Carousel
      label={label}
      items={testimonials}
      labels={labels}
      tone="dark"
      itemKey={(testimonial) => testimonial.id ?? testimonial.name}
      renderItem={(testimonial) => <TestimonialCard testimonial={testimonial} tone="dark" />}
    />
  )
}
