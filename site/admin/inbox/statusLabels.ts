import type { InboxLabels } from '../labels'
import type { InboxStatus } from '../../../contract/wire/inbox'

/** 'contacted' -> labels.statusContacted ("Contacted"). */
export const statusLabel = (status: InboxStatus, labels: InboxLabels) =>
  ({ new: labels.statusNew, contacted: labels.statusContacted, closed: labels.statusClosed, spam: labels.statusSpam })[status]
