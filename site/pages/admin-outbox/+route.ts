import { adminPaths } from '../../islands/admin/screens'

export default adminPaths.outbox
