import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ ui }) => ({ title: ui.title, description: ui.metaDescription, noindex: true }))
