import { pageHead } from '../../pageData'
import type { Data } from './+data'

export const head = pageHead<Data>(({ study, card }) => ({ title: study.title, description: study.summary.slice(0, 160), image: card }))
