import { useEffect } from "react";
import { toast } from "sonner";

export interface ActionToast {
  type: "success" | "error" | "info" | "warning";
  text: string;
  /** Makes the same message show again when it is the answer twice in a row. */
  id: number;
}

export function actionToast(type: ActionToast["type"], text: string): ActionToast {
  return { type, text, id: Date.now() + Math.random() };
}

/** Shows the toast an action answered with, once per answer. */
export function useActionToast(result: { toast?: ActionToast | null } | undefined) {
  const current = result?.toast;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer, keyed by its id
  useEffect(() => {
    if (current) toast[current.type](current.text);
  }, [current?.id]);
}
