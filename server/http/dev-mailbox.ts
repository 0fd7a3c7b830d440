import { Hono, type MiddlewareHandler } from "hono";
import { escapeHtml } from "../../domain/html";
import type { AppEnv } from "./request-context";
import { isLoopbackAddress, isLoopbackHostname } from "../net/addresses";
import type { LocalMailbox, StoredMail } from "../mail/mailbox";

/**
 * Only a request from this machine: the client address (server/http/client-address.ts,
 * after TRUST_PROXY) must be loopback, and so must the socket's own peer: a proxy on another
 * machine relays its own visitors, and with a hop-count TRUST_PROXY the nearest hop is trusted
 * whoever it is, so a client that connects directly and sends `X-Forwarded-For: 127.0.0.1`
 * would otherwise count as local (issue 21, finding 9). When the peer is not a proxy
 * TRUST_PROXY names, any proxy header refuses too: a reverse proxy on this host that nobody
 * declared would otherwise make every visitor look local. No address at all (no socket) is refused.
 */
export function isDirectLoopback(
  clientAddress: string | null | undefined,
  headers: Headers,
  viaTrustedProxy = false,
  peer: string | null | undefined = clientAddress,
): boolean {
  if (!isLoopbackAddress(clientAddress) || !isLoopbackAddress(peer)) return false;
  if (viaTrustedProxy) return true;
  return !headers.has("x-forwarded-for") && !headers.has("forwarded") && !headers.has("x-real-ip");
}

/** Escapes the text and turns http(s) links into anchors, so a verification link can be opened. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** A development page: plain HTML, no app around it (the mailbox and the mail preview). */
export function devPage(title: string, body: string, area = "Local mailbox"): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(area)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e7e5e4;vertical-align:top;overflow-wrap:anywhere}
pre{white-space:pre-wrap;word-break:break-all;background:#fafaf9;padding:1rem;border:1px solid #e7e5e4}a{color:#72422d}</style>
</head><body><main>${body}</main></body></html>`;
}

function listPage(messages: StoredMail[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.date).toLocaleString("en-US", { timeZone: "UTC" }))} UTC</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join("");
  const body = messages.length
    ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p>No e-mail yet.</p>";
  return devPage(
    "Local mailbox",
    `<h1>Local mailbox</h1><p>E-mail the store would have sent. Visible only from this machine.</p>${body}`,
  );
}

function messagePage(m: StoredMail): string {
  return devPage(
    m.subject,
    `<p><a href="/dev/mailbox">&larr; All messages</a></p><h1>${escapeHtml(m.subject)}</h1>
<p><strong>From:</strong> ${escapeHtml(m.from)}<br><strong>To:</strong> ${escapeHtml(m.to)}<br><strong>Date:</strong> ${escapeHtml(m.date)}${Object.entries(
      m.headers ?? {},
    )
      .map(
        ([name, value]) =>
          `<br><strong>${escapeHtml(name)}:</strong> <span data-header="${escapeHtml(name)}">${escapeHtml(value)}</span>`,
      )
      .join("")}</p>
<pre>${linkify(m.text)}</pre>`,
  );
}

/**
 * The guard of the development pages (/dev/mailbox, /dev/mail-preview): they answer only when
 * `enabled` (no SMTP configured: the local mailbox exists) and only to loopback requests that
 * name this machine (Host `localhost` or a loopback address); everyone else gets a plain 404,
 * as if they did not exist.
 */
export function thisMachineOnly(enabled: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const client = c.var.client;
    if (
      !enabled ||
      !isDirectLoopback(client.address, c.req.raw.headers, client.viaTrustedProxy, client.peer) ||
      // A page on another site whose name an attacker points at 127.0.0.1 (DNS rebinding)
      // reaches the store with its own name in Host.
      !isLoopbackHostname(new URL(c.req.url).hostname)
    )
      return c.text("Not found", 404);
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  };
}

/**
 * /dev/mailbox: the local mailbox as web pages. It answers only when no SMTP is configured
 * and only to loopback requests that name this machine (Host `localhost` or a loopback
 * address); everyone else gets a plain 404, as if it did not exist.
 */
export function devMailboxRoutes(mailbox: LocalMailbox | undefined) {
  const routes = new Hono<AppEnv>();
  routes.use("*", thisMachineOnly(mailbox !== undefined));
  routes.get("/", async (c) => c.html(listPage(await mailbox!.list())));
  routes.get("/:id", async (c) => {
    const message = await mailbox!.read(c.req.param("id"));
    return message ? c.html(messagePage(message)) : c.text("Not found", 404);
  });
  return routes;
}
