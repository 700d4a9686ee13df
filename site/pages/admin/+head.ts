import { adminHead } from '../adminPageData'

// Every admin page's (they inherit it), /admin's (the Overview) too.
export const head = adminHead
