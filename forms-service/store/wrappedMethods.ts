type Method = (...args: unknown[]) => unknown

/**
 * `target` with each of its methods seen through `wrap(name, method)`, the method bound to `target`. A
 * proxy rather than a copy: each call reaches the method as it is at that moment, with `target` as
 * `this`, so nothing the store writes on itself lands on a wrapper. Each wrapper is made once, while its
 * method stays the same: one made at every call was a measurable part of a subscription's time.
 */
export function wrappedMethods<T extends object>(target: T, wrap: (name: PropertyKey, method: Method) => Method): T {
  const wrappers = new Map<PropertyKey, { method: Method; wrapper: Method }>()
  return new Proxy(target, {
    get(store, name) {
      const value: unknown = Reflect.get(store, name, store)
      if (typeof value !== 'function') return value
      const known = wrappers.get(name)
      if (known?.method === value) return known.wrapper
      const method = value as Method
      const wrapper = wrap(name, (...args) => method.apply(store, args))
      wrappers.set(name, { method, wrapper })
      return wrapper
    },
  })
}
