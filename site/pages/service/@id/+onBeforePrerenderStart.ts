import { getContent } from '../../../content'
import { urls } from '../../../urls'

export async function onBeforePrerenderStart() {
  const { services } = await getContent()
  return services.map((service) => urls.service(service.id))
}
