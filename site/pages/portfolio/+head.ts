import { pageHead } from '../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ ui }) => ({ title: ui.metaTitle, description: ui.metaDescription }))
