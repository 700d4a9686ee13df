// One JSON Schema per content type. Page types are inferred from these (FromSchema), never cast.
import type { FromSchema } from 'json-schema-to-ts'
import { consultationServices, optionValues } from '../../contract/forms/options.ts'
import { uiKeys } from './ui.ts'

export const iconNames = [
  'bot',
  'layout',
  'smartphone',
  'trending-up',
  'workflow',
  'zap',
  'target',
  'shield',
  'clock',
  'bar-chart',
  'users',
  'sparkles',
  'rocket',
  'search',
  'message-square',
  'settings',
  'heart',
  'check-circle',
  'dollar-sign',
  'globe',
  'calendar',
  'mail',
  'layers',
  'cpu',
  'palette',
  'gauge',
  'repeat',
  'lock',
] as const

const text = { type: 'string', minLength: 1 } as const
const imagePath = { type: 'string', pattern: '^/images/[a-z0-9/_.-]+$' } as const
const isoDate = { type: 'string', format: 'date' } as const
const slug = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } as const
/** Earlier ids of a page (a renamed service or case study), each kept as a permanent redirect to it. */
const redirectFrom = { type: 'array', items: slug } as const
const icon = { type: 'string', enum: iconNames } as const

export const testimonialSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['quote', 'name', 'position', 'company'],
  properties: { id: slug, quote: text, name: text, position: text, company: text },
} as const

export const testimonialsSchema = {
  type: 'array',
  minItems: 3,
  items: { ...testimonialSchema, required: ['id', 'quote', 'name', 'position', 'company'] },
} as const

export const caseCategories = ['AI Agents', 'Website Design', 'App Design', 'Automation'] as const

export const serviceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'icon', 'order', 'consultationService', 'description', 'shortDescription', 'keyPoints', 'features', 'benefits'],
  properties: {
    id: slug,
    title: text,
    icon,
    order: { type: 'integer', minimum: 1 },
    redirectFrom,
    // Chosen in the consultation dialog when it is opened from this service's page.
    consultationService: { type: 'string', enum: optionValues(consultationServices) },
    // The case studies this service's page shows, and that link back to it.
    caseCategory: { type: 'string', enum: caseCategories },
    description: text,
    shortDescription: text,
    heroImage: imagePath,
    keyPoints: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', additionalProperties: false, required: ['title', 'description'], properties: { title: text, description: text } },
    },
    features: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'description', 'image', 'imageAlt'],
        properties: { title: text, description: text, image: imagePath, imageAlt: text, bulletPoints: { type: 'array', items: text } },
      },
    },
    benefits: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', additionalProperties: false, required: ['title', 'icon', 'description'], properties: { title: text, icon, description: text } },
    },
    testimonial: testimonialSchema,
  },
} as const

export const caseStudySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'category',
    'client',
    'timeline',
    'order',
    'summary',
    'mainImage',
    'mainImageAlt',
    'galleryImages',
    'challenge',
    'solution',
    'results',
    'technologies',
    'testimonial',
  ],
  properties: {
    id: slug,
    title: text,
    category: { type: 'string', enum: caseCategories },
    client: text,
    timeline: { type: 'string', pattern: '^([6-9]|1[0-4]) weeks$' },
    order: { type: 'integer', minimum: 1 },
    redirectFrom,
    summary: text,
    mainImage: imagePath,
    mainImageAlt: text,
    galleryImages: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', additionalProperties: false, required: ['src', 'alt'], properties: { src: imagePath, alt: text } },
    },
    challenge: text,
    solution: text,
    results: { type: 'array', minItems: 1, items: text },
    technologies: { type: 'array', minItems: 1, items: text },
    testimonial: testimonialSchema,
  },
} as const

export const blogPostSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'date', 'image', 'imageAlt'],
  properties: {
    title: text,
    description: text,
    date: isoDate,
    // Minutes; without it, computed from the words (readTime.ts).
    readTime: { type: 'integer', minimum: 1, maximum: 60 },
    image: imagePath,
    imageAlt: text,
    next: slug,
  },
} as const

export const legalPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'lastUpdated'],
  properties: { title: text, description: text, lastUpdated: isoDate },
} as const

const link = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  properties: { label: text, href: { type: 'string', pattern: '^(/|https://|mailto:|tel:)' } },
} as const

export const siteSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'tagline',
    'description',
    'url',
    'lang',
    'email',
    'phone',
    'address',
    'social',
    'map',
    'copyrightYear',
    'logoText',
    'retentionMonths',
    'answerWithinHours',
  ],
  properties: {
    name: text,
    logoText: text,
    tagline: text,
    description: text,
    url: { type: 'string', format: 'uri', pattern: '^https?://[^/]+$' },
    lang: text,
    email: { type: 'string', format: 'email' },
    phone: text,
    address: {
      type: 'object',
      additionalProperties: false,
      required: ['locality', 'region', 'country'],
      properties: { locality: text, region: text, country: text },
    },
    hours: text,
    // The hours of `hours` as times: the build checks that every consultation slot lies within them.
    openingHours: {
      type: 'object',
      additionalProperties: false,
      required: ['from', 'to'],
      properties: { from: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }, to: { type: 'string', pattern: '^([01]\\d|2[0-4]):[0-5]\\d$' } },
    },
    social: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'href', 'icon'],
        properties: { label: text, href: { type: 'string', pattern: '^https://' }, icon: { type: 'string', enum: ['facebook', 'instagram', 'linkedin', 'x'] } },
      },
    },
    map: {
      type: 'object',
      additionalProperties: false,
      required: ['embedUrl', 'title', 'loadLabel', 'notice'],
      properties: { embedUrl: { type: 'string', pattern: '^https://www\\.google\\.com/maps' }, title: text, loadLabel: text, notice: text },
    },
    copyrightYear: { type: 'integer', minimum: 2000, maximum: 2100 },
    // Requests and messages older than this are erased by the forms service; the privacy policy quotes it.
    retentionMonths: { type: 'integer', minimum: 1, maximum: 120 },
    // "We'll reach out within {{site.answerWithinHours}} hours", and when a New lead is overdue (contract/wire/inbox.ts).
    answerWithinHours: { type: 'integer', minimum: 1, maximum: 720 },
    analyticsId: { type: 'string', pattern: '^G-[A-Z0-9]+$' },
  },
} as const

export const navigationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['main', 'quickLinks', 'legal'],
  properties: {
    main: { type: 'array', minItems: 1, items: link },
    quickLinks: { type: 'array', items: link },
    legal: { type: 'array', items: link },
  },
} as const

export const statsSchema = {
  type: 'array',
  minItems: 1,
  items: { type: 'object', additionalProperties: false, required: ['value', 'label'], properties: { value: text, label: text } },
} as const

export const analysisSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['meetingLength', 'meetingLengthAdjective', 'reportWithin', 'format', 'steps'],
  properties: {
    meetingLength: text,
    meetingLengthAdjective: text,
    reportWithin: text,
    format: text,
    steps: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', additionalProperties: false, required: ['title', 'description', 'icon'], properties: { title: text, description: text, icon } },
    },
  },
} as const

export const offerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['badge', 'title', 'text', 'bonus', 'endDate', 'claimLabel', 'closeLabel'],
  properties: { badge: text, title: text, text: text, bonus: text, endDate: isoDate, claimLabel: text, closeLabel: text },
} as const

/** Public holidays and other days the agency is closed: never offered for a consultation. */
export const closedDaysSchema = {
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: ['date', 'name'], properties: { date: isoDate, name: text } },
} as const

export type Testimonial = FromSchema<typeof testimonialSchema>
export type ServiceData = FromSchema<typeof serviceSchema>
export type CaseStudyData = FromSchema<typeof caseStudySchema>
export type BlogPostData = FromSchema<typeof blogPostSchema>
export type LegalPageData = FromSchema<typeof legalPageSchema>
export type Site = FromSchema<typeof siteSchema>
export type Navigation = FromSchema<typeof navigationSchema>
export type NavLink = FromSchema<typeof link>
export type Stat = FromSchema<typeof statsSchema>[number]
export type Analysis = FromSchema<typeof analysisSchema>
export type Offer = FromSchema<typeof offerSchema>
export type ClosedDay = FromSchema<typeof closedDaysSchema>[number]
export type IconName = (typeof iconNames)[number]
export type CaseCategory = (typeof caseCategories)[number]

export const valuesSchema = {
  type: 'array',
  minItems: 1,
  items: { type: 'object', additionalProperties: false, required: ['icon', 'title', 'description'], properties: { icon, title: text, description: text } },
} as const
export type Value = FromSchema<typeof valuesSchema>[number]

// content/ui.json: every key of ui.ts, each a non-empty string.
export const uiSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(uiKeys),
  properties: Object.fromEntries(
    Object.entries(uiKeys).map(([group, keys]) => [
      group,
      {
        type: 'object',
        additionalProperties: false,
        required: [...keys],
        properties: Object.fromEntries(keys.map((key) => [key, { type: 'string', minLength: 1 }])),
      },
    ]),
  ),
}
