/**
 * The one HTML escaper (e-mails, the dev mailbox and the mail preview): text put into HTML,
 * in an element or in a quoted attribute, comes out as text. React escapes the pages itself.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
