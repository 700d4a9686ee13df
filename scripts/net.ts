import { once } from 'node:events'
import net, { type AddressInfo } from 'node:net'

/** A port on 127.0.0.1 that was free a moment ago: nothing answers there until someone listens. */
export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** A server on 127.0.0.1 that accepts connections and never says a word: a mail server that hangs. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
