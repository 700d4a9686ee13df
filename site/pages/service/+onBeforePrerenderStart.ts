import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../build/siteContent'

export async function onBeforePrerenderStart() {
  const { services } = siteContent(await getGlobalContext())
  return services.map((service) => `/service/${service.id}`)
}
