import { useEffect, useRef, useState } from 'react'

/** A fresh idempotency key. `randomUUID` exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

type Attempt = { key: string; values?: object }

/**
 * The idempotency key of each submission attempt (the service answers a repeated key with its first
 * answer). A retry of the same values after a failure keeps the key: the lost answer may have been a
 * stored record. An edit (a new values object) or a success starts a new attempt with a new key.
 *
 *     const attempt = useAttemptKey()
 *     await apiRequest(endpoint, { body: values, headers: { 'Idempotency-Key': attempt.keyFor(values) } })
 *     attempt.sent()
 *
 * `key` is the key of the coming or current attempt, for the form's `_key` field: empty until hydrated.
 */
export function useAttemptKey() {
  const [key, setKey] = useState('')
  const attempt = useRef<Attempt>(undefined)

  const begin = (values?: object) => {
    attempt.current = { key: newIdempotencyKey(), values }
    setKey(attempt.current.key)
    return attempt.current.key
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; `begin` is new on every render
  useEffect(() => void begin(), [])

  const keyFor = (values: object): string => {
    const current = attempt.current
    if (!current) return begin(values)
    if (current.values === undefined) current.values = values
    return current.values === values ? current.key : begin(values)
  }

  return { key, keyFor, sent: () => void begin() }
}
