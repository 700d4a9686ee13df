import type { InboxLabels } from '../labels'
import type { InboxStatus } from '../../../contract/inbox'

/** 'contacted' -> labels.statusContacted ("Contacted"). */
export const statusLabel = (status: InboxStatus, labels: InboxLabels) =>
  ({ new: labels.statusNew, contacted: labels.statusContacted, closed: labels.statusClosed, spam: labels.statusSpam })[status]
