/**
 * Reading a page the server rendered, for tests that check what a browser would show without
 * running one: one element with everything inside it, its attributes, and its text as the
 * browser's textContent gives it (tags dropped, entities decoded, white space collapsed).
 * Enough for the store's own markup (React's output); not a general HTML parser.
 */

const VOID = new Set(["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** React's separators between adjacent text nodes, which a browser never shows. */
export const withoutTextSeparators = (html: string) => html.replaceAll("<!-- -->", "");

/**
 * Every element whose opening tag matches `open` (e.g. /<tr[^>]*data-order-row="/), each with
 * everything up to its own closing tag. Nested elements of the same name are counted.
 */
export function elements(html: string, open: RegExp): string[] {
  const found: string[] = [];
  const pattern = new RegExp(open.source, open.flags.includes("g") ? open.flags : `${open.flags}g`);
  for (const match of html.matchAll(pattern)) {
    const start = match.index;
    const name = /^<([a-zA-Z][\w-]*)/.exec(html.slice(start))?.[1];
    if (!name) throw new Error(`${open} does not match an opening tag`);
    found.push(html.slice(start, closingEnd(html, start, name.toLowerCase())));
  }
  return found;
}

/** The one element `open` matches; throws when there is none or more than one. */
export function element(html: string, open: RegExp): string {
  const found = elements(html, open);
  if (found.length !== 1) throw new Error(`${open} matches ${found.length} elements, not one`);
  return found[0];
}

function closingEnd(html: string, start: number, name: string): number {
  const firstTagEnd = html.indexOf(">", start) + 1;
  if (VOID.has(name) || html[firstTagEnd - 2] === "/") return firstTagEnd;
  const tags = new RegExp(`<(/?)${name}(?=[\\s>/])[^>]*>`, "gi");
  tags.lastIndex = firstTagEnd;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[1]) depth--;
    else if (!tag[0].endsWith("/>")) depth++;
    if (depth === 0) return tag.index + tag[0].length;
  }
  throw new Error(`<${name}> at ${start} is never closed`);
}

/** The value of attribute `name` on the element's opening tag (decoded), or null. */
export function attribute(elementHtml: string, name: string): string | null {
  const openTag = elementHtml.slice(0, elementHtml.indexOf(">") + 1);
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(openTag)?.[1];
  return value === undefined ? null : decodeEntities(value);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&nbsp;", "\u00a0")
    .replaceAll("&amp;", "&");
}

/** The text a browser gives as the element's textContent, its white space collapsed (as Playwright's toHaveText compares). */
export function textOf(html: string): string {
  const bare = withoutTextSeparators(html)
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(bare).replace(/\s+/g, " ").trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The element with this id. */
export const byId = (html: string, id: string) =>
  element(html, new RegExp(`<[a-zA-Z][\\w-]*\\s(?:[^>]*\\s)?id="${escapeRegExp(id)}"`));

/** The input, select or textarea a <label> with exactly this text names (by its `for`). */
export function fieldByLabel(html: string, label: string): string {
  const labels = elements(html, /<label /).filter((l) => textOf(l) === label);
  if (labels.length !== 1) throw new Error(`${labels.length} labels read "${label}"`);
  const id = attribute(labels[0], "for");
  if (!id) throw new Error(`the label "${label}" names no field`);
  return byId(html, id);
}

/** What a screen reader reads after the field's name: the texts of the elements its aria-describedby names. */
export function accessibleDescription(html: string, field: string): string {
  const ids = (attribute(field, "aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => textOf(byId(html, id))).join(" ");
}
