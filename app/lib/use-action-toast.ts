import { useEffect } from "react";
import { toast } from "./toast";

/**
 * A toast a page should show once: an action's answer, a flash message after a redirect
 * (app/lib/flash.ts), or a notice named in the address (app/lib/admin-notices.ts).
 */
export interface ActionToast {
  type: "success" | "error" | "info" | "warning";
  text: string;
  /** A second line under the text, e.g. the reason for a refusal. */
  description?: string;
  /** Makes the same message show again when it is the answer twice in a row. */
  id: number | string;
}

export function actionToast(type: ActionToast["type"], text: string): ActionToast {
  return { type, text, id: Date.now() + Math.random() };
}

/** Shows a toast now (for answers read outside React, e.g. a clientAction). */
export function showToast(current: ActionToast | null | undefined) {
  if (current)
    toast[current.type](current.text, current.description ? { description: current.description } : undefined);
}

/** Shows a toast once per id: the one helper for every "toast once per answer" in the store. */
export function useToastOnce(current: ActionToast | null | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer, keyed by its id
  useEffect(() => showToast(current), [current?.id]);
}

/** Shows the toast an action answered with, once per answer. */
export function useActionToast(result: { toast?: ActionToast | null } | undefined) {
  useToastOnce(result?.toast);
}
