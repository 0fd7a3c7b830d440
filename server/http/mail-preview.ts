import { Hono } from "hono";
import { escapeHtml } from "../../domain/html";
import { DEFAULT_SAMPLE, MAIL_KINDS, type MailKind } from "./mail-samples";
import { devPage, thisMachineOnly } from "./dev-mailbox";
import type { AppEnv } from "./request-context";

/**
 * /dev/mail-preview: every e-mail the store sends, built with sample data (mail-samples.ts), so
 * a designer can look at all of them: the HTML part in a sandboxed frame (no scripts, no
 * forms, its own origin) and the plain-text part under it. The same guard as /dev/mailbox
 * (dev-mailbox.ts `thisMachineOnly`): without SMTP and from this machine only, 404 otherwise.
 */
export function mailPreviewRoutes(
  enabled: boolean,
  publicUrl: string,
  /** A product picture's address for the samples (the newest product's), if there is one. */
  samplePicture: () => Promise<string | undefined>,
) {
  const routes = new Hono<AppEnv>();
  routes.use("*", thisMachineOnly(enabled));
  routes.get("/", (c) => c.html(listPage()));
  routes.get("/:id", async (c) => {
    const index = MAIL_KINDS.findIndex((kind) => kind.id === c.req.param("id"));
    if (index < 0) return c.text("Not found", 404);
    const picture = (await samplePicture().catch(() => undefined)) ?? "";
    return c.html(kindPage(index, { ...DEFAULT_SAMPLE, publicUrl, picture }));
  });
  return routes;
}

const AREA = "Mail preview";

function listPage(): string {
  const items = MAIL_KINDS.map(
    (kind) => `<li><a href="/dev/mail-preview/${escapeHtml(kind.id)}">${escapeHtml(kind.label)}</a></li>`,
  ).join("");
  return devPage(
    AREA,
    `<h1>Mail preview</h1><p>Every email the store sends, with sample data. Visible only from this machine; the emails really sent are in the <a href="/dev/mailbox">local mailbox</a>.</p><ul>${items}</ul>`,
    AREA,
  );
}

function kindPage(index: number, sample: Parameters<MailKind["build"]>[0]): string {
  const kind = MAIL_KINDS[index] as MailKind;
  const mail = kind.build(sample);
  const neighbour = (i: number, rel: string, text: string) => {
    const other = MAIL_KINDS[i];
    return other ? `<a rel="${rel}" href="/dev/mail-preview/${escapeHtml(other.id)}">${text}</a>` : "";
  };
  return devPage(
    kind.label,
    `<p><a href="/dev/mail-preview">&larr; All emails</a> ${neighbour(index - 1, "prev", "Previous")} ${neighbour(index + 1, "next", "Next")}</p>
<h1>${escapeHtml(kind.label)}</h1>
<p><strong>Subject:</strong> ${escapeHtml(mail.subject)}<br><strong>To:</strong> ${escapeHtml(mail.to)}</p>
<h2>HTML</h2>
<iframe title="${escapeHtml(kind.label)}: HTML part" sandbox="" srcdoc="${escapeHtml(mail.html ?? "")}" style="width:100%;height:80vh;border:1px solid #e7e5e4;border-radius:8px;background:#fff"></iframe>
<h2>Plain text</h2>
<pre data-part="text">${escapeHtml(mail.text)}</pre>`,
    AREA,
  );
}
