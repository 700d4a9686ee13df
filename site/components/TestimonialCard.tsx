import { Quote } from 'lucide-react'
import type { Testimonial } from '../content/schemas'
import { cn } from '../ui/cn'

export function TestimonialCard({ testimonial, tone = 'light' }: { testimonial: Testimonial; tone?: 'light' | 'dark' }) {
  return (
    <figure className={cn('flex w-full flex-col rounded-2xl p-7', tone === 'dark' ? 'bg-white/10 text-white' : 'border border-border bg-card shadow-sm')}>
      <Quote aria-hidden="true" className={cn('h-8 w-8', tone === 'dark' ? 'text-accent' : 'text-primary')} />
      <blockquote className={cn('mt-4 flex-1 leading-7', tone === 'dark' ? 'text-on-dark-strong' : 'text-body')}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6">
        <span className="block font-semibold">{testimonial.name}</span>
        <span className={cn('block text-sm', tone === 'dark' ? 'text-on-dark-muted' : 'text-subtle')}>
          {testimonial.position}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  )
}
