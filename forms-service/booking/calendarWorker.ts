import { parentPort, workerData } from 'node:worker_threads'
import { busyTimes, TooManyOccurrencesError } from './busyTimes.js'
import type { ExpansionReply, ExpansionRequest } from './calendarExpansion.js'
import { NotACalendarError } from './calendarParse.js'

// One calendar's text expanded on a thread of its own (calendarExpansion.ts starts it, one per read, and
// ends it), so that a costly file holds this thread and never the service's requests.
const { text, from, to, occurrences }: ExpansionRequest = workerData

function reply(): ExpansionReply {
  try {
    return { expanded: busyTimes(text, from, to, occurrences) }
  } catch (error) {
    if (error instanceof TooManyOccurrencesError) return { overBudget: 'occurrences' }
    if (error instanceof NotACalendarError) return { notACalendar: error.message }
    throw error
  }
}

parentPort!.postMessage(reply())
