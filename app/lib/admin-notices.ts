import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AdminTab } from "../../domain/admin-dashboard";
import { messages } from "../../domain/messages";
import { useToastOnce } from "./use-action-toast";

/**
 * Messages the product forms leave for the dashboard they send you back to ('Product
 * updated successfully!' then /admin). The address carries only a key of this list, so a
 * crafted link cannot make the page show words of its choosing.
 */
export const ADMIN_NOTICES = {
  "product-added": { type: "success", text: messages.admin.productAdded },
  "product-updated": { type: "success", text: messages.admin.productUpdated },
  "product-not-found": { type: "error", text: messages.admin.productNotFound },
  "product-load-failed": { type: "error", text: messages.admin.productLoadFailed },
} as const satisfies Record<string, { type: "success" | "error"; text: string }>;

export type AdminNotice = keyof typeof ADMIN_NOTICES;

export function adminPath(tab: AdminTab, notice?: AdminNotice): string {
  const params = new URLSearchParams();
  if (tab !== "overview") params.set("tab", tab);
  if (notice) params.set("notice", notice);
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

/** Shows the notice named in the address once, then drops it from the address (so reload and back do not repeat it). */
export function useAdminNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const key = params.get("notice");
  useToastOnce(key && Object.hasOwn(ADMIN_NOTICES, key) ? { ...ADMIN_NOTICES[key as AdminNotice], id: key } : null);
  useEffect(() => {
    if (!key) return;
    const rest = new URLSearchParams(location.search);
    rest.delete("notice");
    const search = rest.toString();
    // The #fragment stays: it names the row the page is about (the product just saved).
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [key, location.pathname, location.search, location.hash, navigate]);
}
