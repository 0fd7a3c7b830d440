/**
 * Shoppers for the bench, made as a person would make them: sign up, open the e-mailed link (the
 * bench store has no SMTP, so mail lands in the loopback-only /dev/mailbox), sign in. Returns the
 * Cookie header that carries the session.
 */
export const BENCH_PASSWORD = "Velvet-Harbor-42";

async function verificationLink(base: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const list = await (await fetch(`${base}/dev/mailbox`)).text();
    const row = [...list.matchAll(/<td>([^<]*)<\/td><td><a href="(\/dev\/mailbox\/[^"]+)"/g)].find(
      (m) => m[1] === email,
    );
    if (row) {
      const message = await (await fetch(`${base}${row[2]}`)).text();
      const link = /href="([^"]*\/api\/auth\/verify-email[^"]*)"/.exec(message)?.[1];
      if (link) return link.replaceAll("&amp;", "&");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification e-mail for ${email}`);
}

function sessionCookie(res: Response): string {
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.filter((c) => /session_token=/.test(c));
  if (!session.length) throw new Error(`sign-in set no session cookie (status ${res.status})`);
  return session.join("; ");
}

export async function signedInShopper(base: string, email: string): Promise<string> {
  const headers = { origin: base, "content-type": "application/json" };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Shopper", email, password: BENCH_PASSWORD }),
  });
  if (signUp.status !== 200 && signUp.status !== 422)
    throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const link = await verificationLink(base, email);
  await fetch(link.startsWith("http") ? link : `${base}${link}`, { redirect: "manual" });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return sessionCookie(signIn);
}
