import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ service, heroRef }) => ({ title: service.title, description: service.description, image: heroRef }))
