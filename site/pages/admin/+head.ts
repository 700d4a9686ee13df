import { adminHead } from '../adminPageData'

// Every admin page's (they inherit it), and none for /admin itself: a redirect document.
export const head = adminHead
