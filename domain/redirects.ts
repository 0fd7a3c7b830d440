const BASE = "http://placeholder.invalid";

/** A path a browser reads as another host: "//host" and "/\host" are network-path references. */
const otherHost = (path: string) => path.startsWith("//") || path.startsWith("/\\");

/**
 * Where to send someone back to after signing in. Only a path on this site is accepted, and
 * the check is made on the value as the browser will read it: URL parsing turns "/.//evil",
 * "/%2E//evil" and "/a/..//evil" into "//evil", another host, so the normalised path is checked
 * again. Anything else falls back, so a crafted link can never make the login an open redirect.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || otherHost(value)) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === "\\")) return fallback;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return fallback;
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    if (otherHost(normalised) || new URL(normalised, BASE).origin !== BASE) return fallback;
    return normalised;
  } catch {
    return fallback;
  }
}

/** The login page address that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const back = safeRedirectPath(path);
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}
