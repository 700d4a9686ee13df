import { getContent } from '../../../content'

export async function onBeforePrerenderStart() {
  const { services } = await getContent()
  return services.map((service) => `/service/${service.id}`)
}
