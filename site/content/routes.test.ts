import { expect, it } from 'vitest'
import { fixedRoutes } from './routes.ts'

// Vike's filesystem routing: a page's folder is its address, 'index' standing for none
// ('../pages/forms/error/+Page.tsx' is /forms/error, '../pages/index/+Page.tsx' is /).
const pageFiles = Object.keys(import.meta.glob('../pages/**/+Page.tsx'))
const address = (file: string) =>
  `/${file
    .split('/')
    .slice(2, -1)
    .filter((folder) => folder !== 'index')
    .join('/')}`

it('lists every fixed address of site/pages with the file that sets it', () => {
  const fromPages = pageFiles
    .filter((file) => !file.includes('/@') && !file.includes('/_error/'))
    .map((file): [string, string] => [address(file), file.replace('../pages/', 'site/pages/')])
  const listed = [...fixedRoutes].filter(([, file]) => file.startsWith('site/pages/'))
  expect(new Map(listed)).toEqual(new Map(fromPages))
})
