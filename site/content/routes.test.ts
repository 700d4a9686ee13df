import { expect, it } from 'vitest'
import { fixedRoutes } from './routes.ts'

// Vike's own route files, so that fixedRoutes names every page with a fixed address and no other.
const routeFiles = import.meta.glob<string | object>('../pages/*/+route.ts', { eager: true, import: 'default' })

it('lists every fixed address of site/pages with the file that sets it', () => {
  const fromPages = Object.entries(routeFiles)
    .filter(([, route]) => typeof route === 'string' && !route.includes('@'))
    .map(([file, route]) => [route, file.replace('../pages/', 'site/pages/')])
  const listed = [...fixedRoutes].filter(([, file]) => file.startsWith('site/pages/'))
  expect(new Map(listed)).toEqual(new Map(fromPages as [string, string][]))
})
