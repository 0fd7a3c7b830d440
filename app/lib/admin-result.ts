import { useEffect } from "react";
import { toast } from "sonner";

/** What a dashboard action answers: the spec's toast, and for a refusal the reason under it. */
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
