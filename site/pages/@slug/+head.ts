import { pageHead } from '../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ page }) => ({ title: page.title, description: page.description }))
