import { redirect } from "react-router";
import { flashCookie, isSecureUrl } from "~/lib/flash";
import type { Route } from "./+types/logout";

/** Sign Out: ends the session on the server (the row is deleted), then clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await context.services.auth.signOut(request);
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie("logout.success", isSecureUrl(context.config.publicUrl)));
  return redirect("/", { headers });
}

/** Nothing to show: a visit (not a form post) just goes home. */
export function loader() {
  return redirect("/");
}

export default function Logout() {
  return null;
}
