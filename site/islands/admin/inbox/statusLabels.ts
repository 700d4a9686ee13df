import { statusWords } from '../../../../contract/stateWords'
import type { InboxStatus } from '../../../../contract/inbox'
import type { InboxLabels } from '../labels'

/** 'contacted' -> labels.statusContacted ("Contacted"). */
export const statusLabel = (status: InboxStatus, labels: InboxLabels) => labels[statusWords[status]]
