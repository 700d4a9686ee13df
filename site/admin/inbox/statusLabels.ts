import { statusWords } from '../../../contract/content/stateWords'
import type { InboxStatus } from '../../../contract/wire/inbox'
import type { InboxLabels } from '../labels'

/** 'contacted' -> labels.statusContacted ("Contacted"). */
export const statusLabel = (status: InboxStatus, labels: InboxLabels) => labels[statusWords[status]]
