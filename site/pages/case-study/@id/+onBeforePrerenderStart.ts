import { prerenderCollection } from '../../prerender'

export const onBeforePrerenderStart = prerenderCollection('caseStudies')
