import { NotFound, type NotFoundVariant } from '../../components/NotFound'
import { notFoundSections } from '../../urls'
import type { NotFoundData } from '../notFoundData'

// dist/404.html holds every variant; a host that serves it for any missing path gets the right one
// from site/islands/showNotFoundVariant.ts. Without JavaScript the generic screen shows.
const variants: NotFoundVariant[] = ['page', ...notFoundSections]

export default function Page({ data }: { data: NotFoundData }) {
  return (
    <>
      {variants.map((variant) => (
        <NotFound key={variant} content={data.content} variant={variant} marked hidden={variant !== 'page'} />
      ))}
    </>
  )
}
