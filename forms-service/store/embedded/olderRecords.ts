import { scopesOfOlderTokens } from '../apiTokens.js'
import type { ApiTokenRecord, Change, JournalEntry } from '../records.js'

// Records as an older version of the service wrote them, read as this version keeps them: the snapshot
// and the journal (and so an export) pass through here once their records are checked (recordCheck.ts).
// PostgreSQL brings its rows up to date in its migrations instead.

/** A token stored before tokens had scopes has none: it gets scopesOfOlderTokens. */
type StoredApiToken = Omit<ApiTokenRecord, 'scopes'> & Partial<Pick<ApiTokenRecord, 'scopes'>>

export const currentApiToken = (token: StoredApiToken): ApiTokenRecord =>
  token.scopes ? { ...token, scopes: token.scopes } : { ...token, scopes: [...scopesOfOlderTokens] }

function currentChange(change: Change): Change {
  if (change.collection !== 'apiTokens' || !('record' in change)) return change
  const token = change.record as StoredApiToken
  return token.scopes ? change : { ...change, record: currentApiToken(token) }
}

export function currentEntry(entry: JournalEntry): JournalEntry {
  if ('changes' in entry) return { ...entry, changes: entry.changes.map(currentChange) }
  const change = currentChange(entry)
  return change === entry ? entry : { ...change, seq: entry.seq }
}
