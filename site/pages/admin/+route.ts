import type { PageContext } from 'vike/types'
import { adminScreenAt } from '../../admin/screens'

// Every address of urls.admin is this one page, the screen chosen by the address (adminPageData.ts), so a new
// screen needs no folder here. Before the filesystem's routes, whose /@slug (a legal page) would take /admin.
export const route = ({ urlPathname }: PageContext) => adminScreenAt(urlPathname) !== undefined && { precedence: 1 }
