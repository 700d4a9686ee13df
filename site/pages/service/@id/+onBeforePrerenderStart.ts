import { getGlobalContext } from 'vike/server'
import { siteContent } from '../../../content/siteContent'
import { urls } from '../../../../contract/urls'

export async function onBeforePrerenderStart() {
  const { services } = siteContent(await getGlobalContext())
  return services.map((service) => urls.service(service.id))
}
