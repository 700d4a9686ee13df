import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ title, text }) => ({ title, description: text ?? title, noindex: true }))
