import { AsyncLocalStorage } from 'node:async_hooks'

// The request being answered, for code far from its Koa context: the stores stamp the emails a request
// queues with its id, so the sender's lines, written later, name the request that caused them.
const context = new AsyncLocalStorage<{ requestId: string }>()

/** Runs `work` (and all it starts) as part of the request `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => context.run({ requestId }, work)

/** The id of the request whose work this is, if any (not for the sender's or the agenda's own timers). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId
