import type { SiteContent } from '../../content'
import { Island } from '../Island'
import AdminScreen from './AdminScreen'

/** Everything below the /admin/newsletter page's title. */
export function AdminIsland({ content }: { content: SiteContent }) {
  return <Island name="admin" component={AdminScreen} hydrate="load" props={{ labels: content.ui.adminScreen }} />
}
