import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import net, { type Socket } from 'node:net'

/** How long a keep-alive connection must have been idle (after an answer) before shutdown closes it. */
const idleGraceMs = 300
/** How long a connection that has not sent its first request yet is given to send it, once shutdown began. */
const firstRequestGraceMs = 1000
/** The listener closes once no connection has come for this long... */
const quietMs = 50
/** ...or after this long at the most. */
const holdMaxMs = 1000

/**
 * A stop without resets. Closing a listening socket makes the kernel reset every connection still in
 * its accept queue whose request has already arrived, and under load there are always some: clients
 * answered a moment ago are connecting again. So on `close`:
 *
 * 1. Answers are held back (requests are taken, not yet handled) while the listener stays open and
 *    takes every connection that comes: a client waiting for its answer does not connect again. Once
 *    no connection has come for `quietMs` (at most `holdMaxMs`), the accept queue is empty and the
 *    listener closes; a later client is refused, which a proxy retries on another replica.
 * 2. The held requests, and any request that arrives on a connection already taken, are answered
 *    with `Connection: close`.
 * 3. A connection idle after an answer for `idleGraceMs` is closed; one that has not sent its first
 *    request is given `firstRequestGraceMs` from the start of shutdown. The check runs after the event
 *    loop has read what arrived, so a request already received is never taken for silence.
 * 4. Whatever is still open after `graceMs` is cut off.
 *
 * Returns the request listener to give the server (instead of `handler`), and `close(graceMs)`.
 */
export function gracefulServer(server: Server, handler: RequestListener) {
  const idleSince = new Map<Socket, number>()
  const busy = new Set<Socket>()
  const used = new WeakSet<Socket>()
  let lastConnection = 0
  let held: Promise<void> | null = null
  let closingAt: number | null = null

  server.on('connection', (socket: Socket) => {
    lastConnection = Date.now()
    idleSince.set(socket, lastConnection)
    socket.once('close', () => {
      idleSince.delete(socket)
      busy.delete(socket)
    })
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    busy.add(req.socket)
    used.add(req.socket)
    if (closingAt !== null) res.setHeader('Connection', 'close')
    res.once('close', () => {
      busy.delete(req.socket)
      idleSince.set(req.socket, Date.now())
    })
  })

  const closeIdle = () => {
    const now = Date.now()
    for (const [socket, since] of idleSince) {
      if (busy.has(socket)) continue
      const waited = used.has(socket) ? now - since : now - Math.max(since, closingAt ?? now)
      if (waited >= (used.has(socket) ? idleGraceMs : firstRequestGraceMs)) socket.destroy()
    }
  }

  /**
   * Resolves once no connection has come for `quietMs`, or after `holdMaxMs`. Judged after the poll
   * phase (setImmediate), which has just taken every connection waiting: a busy event loop's late
   * timer does not mistake connections not yet taken for quiet.
   */
  const quiet = () =>
    new Promise<void>((resolve) => {
      const started = Date.now()
      const check = () => {
        const now = Date.now()
        if (now - lastConnection >= quietMs || now - started >= holdMaxMs) resolve()
        else setTimeout(() => setImmediate(check), Math.max(1, Math.min(quietMs - (now - lastConnection), holdMaxMs - (now - started))))
      }
      setImmediate(check)
    })

  const listener: RequestListener = (req, res) => {
    if (held) void held.then(() => handler(req, res))
    else handler(req, res)
  }

  let closing: Promise<void> | null = null
  const close = (graceMs: number) =>
    (closing ??= (async () => {
      closingAt = Date.now()
      let release = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      const force = setTimeout(() => server.closeAllConnections(), graceMs).unref()
      await quiet()
      // Closed at once, in the check phase, before the next poll could queue another connection.
      // Only the listener: `server.close()` would also drop every idle keep-alive connection at
      // once, resetting the request a client is sending on it at that very moment.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()))
      held = null
      release()
      // After the poll phase (setImmediate): data that arrived meanwhile has been read first.
      const idleCheck = setInterval(() => setImmediate(closeIdle), 50)
      await closed
      clearInterval(idleCheck)
      clearTimeout(force)
    })())

  return { listener, close }
}
