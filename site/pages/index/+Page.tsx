import { CtaBand } from '../../components/CtaBand'
import type { Data } from './+data'
import { AboutSection } from './AboutSection'
import { AnalysisSection } from './AnalysisSection'
import { ContactSection } from './ContactSection'
import { HeroSection } from './HeroSection'
import { PortfolioSection } from './PortfolioSection'
import { ServicesSection } from './ServicesSection'

export default function Page({ data }: { data: Data }) {
  const { ui } = data
  return (
    <>
      <HeroSection data={data} />
      <ServicesSection data={data} />
      <PortfolioSection data={data} />
      <AboutSection data={data} />
      <AnalysisSection data={data} />
      <CtaBand title={ui.ctaTitle} text={ui.ctaText} button={ui.ctaButton} />
      <ContactSection data={data} />
    </>
  )
}
