import { useEffect } from "react";
import { toast } from "sonner";

/** What a dashboard action answers: the documented toast (docs/product.md §8), and for a refusal the reason under it. */
export interface AdminResult {
  ok: boolean;
  toast: { type: "success" | "error"; text: string; description?: string; id: number };
}

export function adminResult(ok: boolean, text: string, description?: string): AdminResult {
  return { ok, toast: { type: ok ? "success" : "error", text, description, id: Date.now() + Math.random() } };
}

export function showAdminResultToast(result: AdminResult | undefined) {
  const current = result?.toast;
  if (current) toast[current.type](current.text, current.description ? { description: current.description } : undefined);
}

/** Shows an action's toast once per answer. */
export function useAdminResultToast(result: AdminResult | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer, keyed by its id
  useEffect(() => showAdminResultToast(result), [result?.toast.id]);
}

/**
 * A service's refusal (its typed error carries a 4xx status and a message safe to show), or
 * undefined for anything else, which is our fault: the caller logs it and answers 500.
 * Pages may not import server code, so they read the status the error carries.
 */
export function refusal(error: unknown): { status: number; message: string } | undefined {
  const status = error instanceof Error && "status" in error ? (error as { status: unknown }).status : undefined;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 499) return undefined;
  return { status, message: (error as Error).message };
}
