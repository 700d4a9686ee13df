import { NotFound } from '../../components/NotFound'
import type { Data } from './+data'

// dist/404.html holds every variant; a host that serves it for any missing path gets the right one
// from site/islands/showNotFoundVariant.ts. Without JavaScript the generic screen shows.
export default function Page({ data }: { data: Data }) {
  return (
    <>
      {data.screens.map((screen) => (
        <NotFound key={screen.variant} {...screen} hidden={screen.variant !== 'page'} />
      ))}
    </>
  )
}
