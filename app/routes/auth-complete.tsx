import { redirect } from "react-router";
import { safeRedirectPath } from "../../domain/redirects";
import { flashCookie, isSecureUrl } from "~/lib/flash";
import type { Route } from "./+types/auth-complete";

/** Where Google sign-in comes back to: says how it went, then goes on to where the shopper was. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secure = isSecureUrl(context.config.publicUrl);
  const viewer = await context.services.auth.viewer(request);
  if (!viewer) throw redirect("/login", { headers: { "Set-Cookie": flashCookie("google.failure", secure) } });
  const back = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  throw redirect(back, { headers: { "Set-Cookie": flashCookie("google.success", secure) } });
}

export default function AuthComplete() {
  return null;
}
