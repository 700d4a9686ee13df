import { createElement, useId } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { expect, expectTypeOf, it } from 'vitest'
import type { ContactFormProps } from './contact-form/ContactForm'
import { Island, IslandServer } from './Island'
import type { MapEmbedProps } from './map/MapEmbed'
import type { IslandProps } from './registry'

const map: MapEmbedProps['map'] = { title: 'Our office', embedUrl: 'https://maps.example/embed', loadLabel: 'Load the map', notice: 'Loads a map' }

const MapStub = ({ map }: MapEmbedProps) => createElement('p', null, map.title)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const server = { components: { map: MapStub }, renderRoot: renderToString }

it('renders the named island in full inside its marker, with its props as JSON', () => {
  const html = renderToStaticMarkup(
    createElement(IslandServer, { value: server }, createElement(Island<'map'>, { name: 'map', props: { map }, hydrate: 'visible' })),
  )
  expect(html).toMatch(
    new RegExp(
      `^<div data-island="map" data-hydrate="visible" data-props="${escapeRegExp(JSON.stringify({ map }).replaceAll('"', '&quot;'))}" data-ids="[\\w-]+" style="display:contents"><p>Our office</p></div>$`,
    ),
  )
})

// The browser hydrates each island as a root of its own, with the prefix of its marker (hydrate.ts).
const Field = () => {
  const id = useId()
  return createElement('label', { htmlFor: id }, createElement('input', { id }))
}

it('gives an island the ids the browser gives it as a root with its prefix, and two islands different ones', () => {
  const page = renderToStaticMarkup(
    createElement(
      IslandServer,
      { value: { components: { map: Field }, renderRoot: renderToString } },
      createElement(
        'main',
        null,
        createElement('div', null, createElement(Island<'map'>, { name: 'map', props: { map } })),
        createElement(Island<'map'>, { name: 'map', props: { map } }),
      ),
    ),
  )
  const islands = [...page.matchAll(/data-ids="([^"]+)"[^>]*>(.*?)<\/div>/g)].map(([, ids, html]) => ({ ids: ids!, html: html! }))
  expect(islands).toHaveLength(2)
  for (const { ids, html } of islands) expect(html).toBe(renderToString(createElement(Field), { identifierPrefix: ids }))
  expect(islands[0]!.html).not.toBe(islands[1]!.html)
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
