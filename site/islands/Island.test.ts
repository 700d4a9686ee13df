import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, expectTypeOf, it } from 'vitest'
import type { ContactFormProps } from './contact-form/ContactForm'
import { Island, IslandComponents } from './Island'
import type { MapEmbedProps } from './map/MapEmbed'
import type { IslandProps } from './registry'

const map: MapEmbedProps['map'] = { title: 'Our office', embedUrl: 'https://maps.example/embed', loadLabel: 'Load the map', notice: 'Loads a map' }

const MapStub = ({ map }: MapEmbedProps) => createElement('p', null, map.title)

it('renders the named island in full inside its marker, with its props as JSON', () => {
  const html = renderToStaticMarkup(
    createElement(IslandComponents, { value: { map: MapStub } }, createElement(Island<'map'>, { name: 'map', props: { map }, hydrate: 'visible' })),
  )
  expect(html).toBe(
    `<div data-island="map" data-hydrate="visible" data-props="${JSON.stringify({ map }).replaceAll('"', '&quot;')}" style="display:contents"><p>Our office</p></div>`,
  )
})

it('refuses to render an island whose component is not loaded', () => {
  expect(() => renderToStaticMarkup(createElement(Island<'map'>, { name: 'map', props: { map } }))).toThrow('The island "map" is not loaded')
})

it('types the props of each island by its name', () => {
  expectTypeOf<IslandProps<'map'>>().toEqualTypeOf<MapEmbedProps>()
  expectTypeOf<IslandProps<'contact-form'>>().toEqualTypeOf<ContactFormProps>()
})

// Never called: `tsc` fails if a page could give an island props that are not its own (the first call is right).
// biome-ignore lint/suspicious/noExportsInTest: exported only so that it counts as used; nothing imports it
export function wrongProps(labels: ContactFormProps['labels']) {
  return [
    Island({ name: 'contact-form', props: { labels } }),
    // @ts-expect-error the map's props are not the contact form's
    Island({ name: 'contact-form', props: { map } }),
    // @ts-expect-error the contact form needs its labels
    Island({ name: 'contact-form', props: {} }),
    // @ts-expect-error no island has this name
    Island({ name: 'contact', props: { labels } }),
    // @ts-expect-error the contact form's labels are not the newsletter's
    Island({ name: 'newsletter', props: { labels } }),
  ]
}
