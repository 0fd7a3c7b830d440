import type { APIRequestContext } from "@playwright/test";

/**
 * The verification link of the newest verification mail to `email` in the store's local mailbox
 * (/dev/mailbox answers loopback requests only, and the e2e store has no SMTP). The mail
 * worker sends every few seconds, so the mailbox is read again until the message is there.
 */
export async function verificationLink(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const list = await (await request.get(`${baseURL}/dev/mailbox`)).text();
    // Newest first; the administrator's address also gets the owner's mails (decision 054), so the
    // newest mail to it need not be the verification.
    const rows = [...list.matchAll(/<td>([^<]*)<\/td><td><a href="(\/dev\/mailbox\/[^"]+)"/g)].filter(
      (m) => m[1] === email,
    );
    for (const row of rows) {
      const message = await (await request.get(`${baseURL}${row[2]}`)).text();
      const link = /href="([^"]*\/api\/auth\/verify-email[^"]*)"/.exec(message)?.[1];
      if (link) return link.replaceAll("&amp;", "&");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification mail for ${email}`);
}

/**
 * The subjects of every mail to `email` in the local mailbox, newest first (read once: wrap it in
 * `expect.poll` to wait for one the worker has not sent yet).
 */
export async function mailSubjects(request: APIRequestContext, baseURL: string, email: string): Promise<string[]> {
  const list = await (await request.get(`${baseURL}/dev/mailbox`)).text();
  return [...list.matchAll(/<td>([^<]*)<\/td><td><a href="\/dev\/mailbox\/[^"]+">([^<]*)<\/a>/g)]
    .filter((m) => m[1] === email)
    .map((m) => m[2].replaceAll("&amp;", "&").replaceAll("&#39;", "'").replaceAll("&quot;", '"'));
}

/**
 * The newest mail to `email` whose subject is `subject`, as the local mailbox shows it: its text
 * (links as written) and its extra header lines (List-Unsubscribe, …). Read again until it is there.
 */
export async function mailMessage(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  subject: string,
): Promise<{ text: string; headers: Record<string, string> }> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const list = await (await request.get(`${baseURL}/dev/mailbox`)).text();
    const row = [...list.matchAll(/<td>([^<]*)<\/td><td><a href="(\/dev\/mailbox\/[^"]+)">([^<]*)<\/a>/g)].find(
      (m) => m[1] === email && unescapeHtml(m[3]) === subject,
    );
    if (row) {
      const page = await (await request.get(`${baseURL}${row[2]}`)).text();
      const headers = Object.fromEntries(
        [...page.matchAll(/<span data-header="([^"]+)">([^<]*)<\/span>/g)].map((m) => [
          unescapeHtml(m[1]),
          unescapeHtml(m[2]),
        ]),
      );
      const text = unescapeHtml((/<pre>([\s\S]*)<\/pre>/.exec(page)?.[1] ?? "").replace(/<[^>]+>/g, ""));
      return { text, headers };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail "${subject}" for ${email}`);
}

const unescapeHtml = (html: string) =>
  html
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
