import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import { Button } from './button'
import { cn } from './cn'

const classesOf = (html: string) => html.match(/class="([^"]*)"/)?.[1]?.split(' ') ?? []

it('keeps the later of two classes for the same property, so a caller overrides a default', () => {
  // Both classes set max-width: with both in the markup, the stylesheet's order would decide, not the caller.
  expect(cn('prose max-w-none', 'max-w-3xl')).toBe('prose max-w-3xl')
  expect(cn('px-4 py-2', { 'px-6': true })).toBe('py-2 px-6')
})

it("reads the theme's role colours as colours, apart from sizes", () => {
  expect(cn('text-sm text-muted-foreground', 'text-foreground')).toBe('text-sm text-foreground')
  expect(cn('border border-input', 'border-destructive-border')).toBe('border border-destructive-border')
  expect(cn('bg-primary hover:bg-primary-strong', 'bg-accent')).toBe('hover:bg-primary-strong bg-accent')
  expect(cn('text-on-dark text-lg', 'text-subtle')).toBe('text-lg text-subtle')
})

it("lets a Button's className override its variant", () => {
  const classes = classesOf(renderToStaticMarkup(createElement(Button, { variant: 'outline', className: 'bg-muted mt-4' }, 'Go')))
  expect(classes).toContain('bg-muted')
  expect(classes).toContain('mt-4')
  expect(classes).not.toContain('bg-background')
})

it('styles its child as a button with asChild', () => {
  const html = renderToStaticMarkup(createElement(Button, { asChild: true, variant: 'outline' }, createElement('a', { href: '/blog' }, 'Blog')))
  expect(html).toMatch(/^<a href="\/blog" class="[^"]*\bborder-input\b[^"]*">Blog<\/a>$/)
})
