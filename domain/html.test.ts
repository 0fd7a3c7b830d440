import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it.each([
    ["plain text", "plain text"],
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`"&'`, "&quot;&amp;&#39;"],
    ['" onerror="x', "&quot; onerror=&quot;x"],
    ["&amp; already", "&amp;amp; already"],
    ["Café — ✓", "Café — ✓"],
    ["", ""],
  ])("%j -> %j", (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });
});
