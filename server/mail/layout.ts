import { greeting } from "../../domain/greeting";
import { escapeHtml } from "../../domain/html";
import { BRAND_COLORS as C, CONTACT_EMAIL, CONTACT_HOURS, STORE_NAME } from "../../domain/store";
import type { MailMessage } from "./outbox";

/**
 * Every e-mail the store sends has this one layout (docs/decisions/056-one-mail-layout.md): the
 * shop's name and colours, the greeting, the content, one button, the footer with the shop's
 * contact; an HTML part and a plain-text part made from the same content, every text escaped
 * here and nowhere else. An e-mail module only says what to write:
 *
 *   composeMail({ to, subject, name: firstName, blocks: ["A sentence."], action: { label, url } })
 */

/** One piece of an e-mail's content, in order. */
export type MailBlock =
  /** A paragraph. */
  | string
  /** A paragraph that must not be missed (the sandbox line). */
  | { strong: string }
  /** Lines kept together, one under the other (totals, an address). */
  | { lines: string[] }
  /** A sentence ending in a link (a shipment's tracking): "text label" with the label linked; in the text part "text label (url)". */
  | { text: string; link: { label: string; url: string } }
  /** Order lines, each with its picture (an absolute JPEG or PNG address, domain/images.ts mailPictureUrl). */
  | { items: { text: string; picture?: string | null }[] };

export type MailContent = {
  to: string;
  subject: string;
  /** The shopper's name when known: "Hi Ada," (first word), else "Hello,". */
  name?: string | null;
  /** A heading above the greeting, when the e-mail needs one. */
  heading?: string;
  blocks: MailBlock[];
  /** The one button (in the text part: "Label: address"). */
  action?: { label: string; url: string };
  /** Small print under the button ("If you did not ask…"). */
  note?: string;
  /** A stop link under the small print: the stock alert's unsubscribe (RFC 8058 wants it in the body too). */
  unsubscribe?: { text: string; label: string; url: string };
};

/** The footer every e-mail ends with: the contact of the site footer (domain/store.ts). */
export const MAIL_FOOTER = `Questions? Write to ${CONTACT_EMAIL} (${CONTACT_HOURS}).`;

const FONT = "Arial,Helvetica,sans-serif";
const P = `margin:0 0 16px;font-family:${FONT};font-size:15px;line-height:1.5;color:${C.ink}`;

function blockText(block: MailBlock): string {
  if (typeof block === "string") return block;
  if ("strong" in block) return block.strong;
  if ("lines" in block) return block.lines.join("\n");
  if ("link" in block) return `${block.text} ${block.link.label} (${block.link.url})`;
  return block.items.map((item) => item.text).join("\n");
}

function picture(address: string | null | undefined): string {
  // Only http(s) addresses of JPEG or PNG pictures: many mail clients show no WebP.
  if (!address || !/^https?:\/\/[^\s]+\.(?:jpe?g|png)$/i.test(address)) return "";
  return `<img src="${escapeHtml(address)}" alt="" width="64" height="80" style="display:block;width:64px;height:80px;border:0;border-radius:6px;object-fit:cover">`;
}

function blockHtml(block: MailBlock): string {
  if (typeof block === "string") return `<p style="${P}">${escapeHtml(block)}</p>`;
  if ("strong" in block) return `<p style="${P}"><strong>${escapeHtml(block.strong)}</strong></p>`;
  if ("lines" in block) return `<p style="${P}">${block.lines.map(escapeHtml).join("<br>")}</p>`;
  if ("link" in block)
    return `<p style="${P}">${escapeHtml(block.text)} <a href="${escapeHtml(block.link.url)}" style="color:${C["brand-700"]}">${escapeHtml(block.link.label)}</a></p>`;
  const rows = block.items
    .map(
      (item) =>
        `<tr><td width="76" style="padding:0 12px 12px 0;vertical-align:top">${picture(item.picture)}</td><td style="padding:0 0 12px;vertical-align:middle;font-family:${FONT};font-size:15px;line-height:1.4;color:${C.ink}">${escapeHtml(item.text)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;border-collapse:collapse">${rows}</table>`;
}

function html(content: MailContent): string {
  const heading = content.heading
    ? `<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:normal;color:${C.ink}">${escapeHtml(content.heading)}</h1>`
    : "";
  const action = content.action
    ? `<p style="margin:24px 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${C["brand-700"]};color:#ffffff;font-family:${FONT};font-size:15px;font-weight:bold;padding:12px 22px;border-radius:999px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const note = content.note
    ? `<p style="margin:0;font-family:${FONT};font-size:13px;line-height:1.5;color:${C["stone-500"]}">${escapeHtml(content.note)}</p>`
    : "";
  const unsubscribe = content.unsubscribe
    ? `<p style="margin:12px 0 0;font-family:${FONT};font-size:13px;line-height:1.5;color:${C["stone-500"]}">${escapeHtml(content.unsubscribe.text)} <a href="${escapeHtml(content.unsubscribe.url)}" style="color:${C["brand-700"]}">${escapeHtml(content.unsubscribe.label)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${C["brand-50"]}">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(content.subject)}" lang="en">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${C["brand-50"]}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-family:Georgia,'Times New Roman',serif;font-size:26px;color:${C.ink}">${escapeHtml(STORE_NAME)}</td></tr>
<tr><td style="background:#ffffff;border:1px solid ${C["brand-200"]};border-radius:12px;padding:28px 24px">
${heading}<p style="${P}">${escapeHtml(greeting(content.name))}</p>
${content.blocks.map(blockHtml).join("\n")}
${action}${note}${unsubscribe}
</td></tr>
<tr><td style="padding:16px 4px;font-family:${FONT};font-size:13px;line-height:1.5;color:${C["stone-500"]}">${escapeHtml(
    MAIL_FOOTER,
  )
    .replace(
      escapeHtml(CONTACT_EMAIL),
      `<a href="mailto:${escapeHtml(CONTACT_EMAIL)}" style="color:${C["brand-700"]}">${escapeHtml(CONTACT_EMAIL)}</a>`,
    )
    .replace(
      escapeHtml(CONTACT_HOURS),
      `<span style="white-space:nowrap">${escapeHtml(CONTACT_HOURS)}</span>`,
    )}<br>${escapeHtml(STORE_NAME)}</td></tr>
</table></td></tr></table>
</div>
</body></html>`;
}

function text(content: MailContent): string {
  return [
    ...(content.heading ? [content.heading, ""] : []),
    greeting(content.name),
    "",
    ...content.blocks.flatMap((block) => [blockText(block), ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    ...(content.unsubscribe
      ? [`${content.unsubscribe.text} ${content.unsubscribe.label}: ${content.unsubscribe.url}`, ""]
      : []),
    "--",
    STORE_NAME,
    MAIL_FOOTER,
  ].join("\n");
}

/** The e-mail, HTML and plain text, in the store's layout. */
export function composeMail(content: MailContent): MailMessage {
  return { to: content.to, subject: content.subject, text: text(content), html: html(content) };
}
