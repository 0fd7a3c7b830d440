export interface StreamLimits {
  /** Open streams per signed-in person (all their tabs and devices). */
  perUser: number;
  /** Open streams per client address for visitors; behind a proxy all visitors share one address. */
  perAddress: number;
  /** Open streams of this instance, whoever holds them. */
  total: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perUser: 5, perAddress: 20, total: 2000 };

export type Refusal = "owner" | "total";

/**
 * Counts open streams per owner ("user:<id>" or "address:<ip>") and in all, so one person
 * cannot take the slots everybody else needs.
 */
export function createConnectionLimits(limits: StreamLimits) {
  const perOwner = new Map<string, number>();
  let total = 0;
  return {
    /** Takes a slot, or says which limit refused it. */
    acquire(owner: string): Refusal | null {
      const max = owner.startsWith("user:") ? limits.perUser : limits.perAddress;
      const held = perOwner.get(owner) ?? 0;
      if (held >= max) return "owner";
      if (total >= limits.total) return "total";
      perOwner.set(owner, held + 1);
      total += 1;
      return null;
    },
    release(owner: string) {
      const held = perOwner.get(owner) ?? 0;
      if (held <= 0) return;
      if (held === 1) perOwner.delete(owner);
      else perOwner.set(owner, held - 1);
      total -= 1;
    },
    held: (owner: string) => perOwner.get(owner) ?? 0,
    total: () => total,
    owners: () => perOwner.size,
  };
}

export type ConnectionLimits = ReturnType<typeof createConnectionLimits>;
