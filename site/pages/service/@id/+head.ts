import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ service, card }) => ({ title: service.title, description: service.description, image: card }))
