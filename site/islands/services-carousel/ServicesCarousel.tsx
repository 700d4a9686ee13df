import { ServiceCard, type ServiceCardData } from '../../components/ServiceCard'
import { Carousel, type CarouselLabels } from '../carousel/Carousel'

export type ServicesCarouselProps = { label: string; services: ServiceCardData[]; labels: CarouselLabels & { learnMore: string } }

export default function ServicesCarousel({ label, services, labels }: ServicesCarouselProps) {
  return (
    <Carousel
      label={label}
      items={services}
      labels={labels}
      itemKey={(service) => service.id}
      renderItem={(service) => <ServiceCard service={service} learnMore={labels.learnMore} />}
    />
  )
}
