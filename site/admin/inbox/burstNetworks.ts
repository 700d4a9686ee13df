/** A network some of the selected leads came from, and how many of them. */
export type BurstNetwork = { prefix: string; count: number }

/**
 * The networks of `leads`, most leads first (then by prefix, so the order holds from one render to the next);
 * a lead with none (stored before networks were kept) is not counted:
 * ['203.0.113.0/24', undefined, '198.51.100.0/24', '203.0.113.0/24'] -> 203.0.113.0/24 × 2, 198.51.100.0/24 × 1.
 */
export function burstNetworks<R>(leads: readonly R[], networkOf: (lead: R) => string | undefined): BurstNetwork[] {
  const counts = new Map<string, number>()
  for (const lead of leads) {
    const prefix = networkOf(lead)
    if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1)
  }
  return [...counts].map(([prefix, count]) => ({ prefix, count })).sort((a, b) => b.count - a.count || a.prefix.localeCompare(b.prefix))
}
