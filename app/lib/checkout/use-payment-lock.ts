import { useCallback, useRef, useState } from "react";

/**
 * One payment at a time. The ref is taken synchronously on the first click, so a second
 * click in the same instant (before React re-renders the disabled buttons) finds it held
 * and starts nothing; `busy` is the same fact for rendering (spinner, locked form).
 */
export function usePaymentLock() {
  const held = useRef(false);
  const [busy, setBusy] = useState(false);
  const acquire = useCallback((): boolean => {
    if (held.current) return false;
    held.current = true;
    setBusy(true);
    return true;
  }, []);
  const release = useCallback(() => {
    held.current = false;
    setBusy(false);
  }, []);
  return { busy, acquire, release };
}

export type PaymentLock = ReturnType<typeof usePaymentLock>;
