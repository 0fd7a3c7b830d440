import type { ActionToast } from "./use-action-toast";

/** What a dashboard action answers: the documented toast (docs/product.md §8), and for a refusal the reason under it. */
export interface AdminResult {
  ok: boolean;
  toast: ActionToast & { type: "success" | "error"; id: number };
}

export function adminResult(ok: boolean, text: string, description?: string): AdminResult {
  return { ok, toast: { type: ok ? "success" : "error", text, description, id: Date.now() + Math.random() } };
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
