import type { ActionToast } from "./use-action-toast";

/** What a dashboard action answers: the documented toast (docs/product.md §8), and for a refusal the reason under it. */
export interface AdminResult {
  ok: boolean;
  toast: ActionToast & { type: "success" | "error"; id: number };
}

export function adminResult(ok: boolean, text: string, description?: string): AdminResult {
  return { ok, toast: { type: ok ? "success" : "error", text, description, id: Date.now() + Math.random() } };
}
