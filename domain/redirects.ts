/**
 * Where to send someone back to after signing in. Only a path on this site is accepted:
 * "//evil.example" and "/\\evil.example" are other sites to a browser, and anything else
 * falls back, so a crafted link can never turn the login page into an open redirect.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === "\\")) return fallback;
  try {
    const url = new URL(value, "http://placeholder.invalid");
    if (url.origin !== "http://placeholder.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The login page address that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const back = safeRedirectPath(path);
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}
