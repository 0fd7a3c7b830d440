import { describe, expect, it } from "vitest";
import { CONTACT_EMAIL, CONTACT_HOURS, STORE_NAME } from "../../domain/store";
import { MAIL_FOOTER } from "../mail/layout";
import { DEFAULT_SAMPLE, MAIL_KINDS, type MailSample, OWNER_EMAIL } from "./mail-samples";

/**
 * Every e-mail the store sends (MAIL_KINDS, the preview's list), checked against the layout's
 * rules (docs/decisions/056-one-mail-layout.md): a plain-text part, the footer with the shop's
 * contact, user input escaped in HTML and plain in text, JPEG/PNG pictures only, money with
 * thousands separators, the greeting by first name.
 */

const publicUrl = "https://shop.example";
const picture = "/media/products/1_dress";
const good: MailSample = { ...DEFAULT_SAMPLE, publicUrl, picture };

const SCRIPT = "<script>alert(1)</script>";
const QUOTES = `"&'`;
const hostile: MailSample = {
  ...good,
  fullName: `${SCRIPT}${QUOTES} Smith`,
  firstName: `${SCRIPT}${QUOTES}`,
  productTitle: `<img src=x onerror=alert(2)>${QUOTES}`,
  street: `<b>1</b> ${QUOTES} Road`,
  note: `</p>${SCRIPT}${QUOTES}`,
};
const ESCAPED_QUOTES = "&quot;&amp;&#39;";

const kinds = MAIL_KINDS.map((kind) => [kind.id, kind] as const);
const shopperKinds = kinds.filter(([, kind]) => kind.audience !== "owner");
const ownerKinds = kinds.filter(([, kind]) => kind.audience === "owner");

describe("every e-mail", () => {
  it("has a kind for each builder", () => {
    expect(MAIL_KINDS.length).toBeGreaterThanOrEqual(17);
    expect(new Set(MAIL_KINDS.map((kind) => kind.id)).size).toBe(MAIL_KINDS.length);
  });

  it.each(kinds)("%s: the layout, a plain-text part and the footer", (_id, kind) => {
    const mail = kind.build(good);
    expect(mail.to).toBe(kind.audience === "owner" ? OWNER_EMAIL : good.email);
    expect(mail.subject).not.toBe("");
    expect(mail.text).toContain(STORE_NAME);
    expect(mail.text).toContain(MAIL_FOOTER);
    expect(mail.text).not.toMatch(/<[a-z/]/i);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain(`href="mailto:${CONTACT_EMAIL}"`);
    expect(mail.html).toContain(CONTACT_HOURS);
    expect(mail.html).toContain("#72422d"); // the brand colour of app/app.css
  });

  it.each(ownerKinds)("%s: to the owner, greeted without a shopper's name, the shopper named escaped", (_id, kind) => {
    expect(kind.build(good).text).toMatch(/^\n*Hello,\n/);
    const mail = kind.build(hostile);
    expect(mail.text).toContain(`${SCRIPT}${QUOTES} Smith`);
    expect(mail.html).toContain(`&lt;script&gt;alert(1)&lt;/script&gt;${ESCAPED_QUOTES} Smith`);
    for (const raw of [SCRIPT, "</p><script>", QUOTES]) expect(mail.html).not.toContain(raw);
  });

  it.each(shopperKinds)("%s: greets by first name, else Hello", (_id, kind) => {
    expect(kind.build(good).text).toMatch(/^(Welcome to Threadline!|Reset your password)?\n*Hi Ada,\n/);
    expect(kind.build(good).html).toContain(">Hi Ada,</p>");
    const nameless = kind.build({ ...good, fullName: "ada@example.com", firstName: null });
    expect(nameless.text).toContain("Hello,\n");
    expect(nameless.text).not.toContain("Hi ");
  });

  it.each(shopperKinds)("%s: user input escaped in HTML, plain in text", (_id, kind) => {
    const mail = kind.build(hostile);
    const html = mail.html ?? "";
    for (const raw of [SCRIPT, "<img src=x", "<b>1</b>", "</p><script>", QUOTES]) expect(html).not.toContain(raw);
    expect(html).toContain(`Hi &lt;script&gt;alert(1)&lt;/script&gt;${ESCAPED_QUOTES},`);
    expect(mail.text).toContain(`Hi ${SCRIPT}${QUOTES},`);
    expect(mail.text).not.toMatch(/&(lt|gt|amp|quot|#39);/);
  });

  it.each(kinds)("%s: pictures are absolute JPEG or PNG addresses", (_id, kind) => {
    const sources = [...(kind.build(good).html ?? "").matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]);
    for (const src of sources) expect(src).toMatch(/^https?:\/\/[^"]+\.(jpe?g|png)$/);
    if (kind.id.startsWith("order-confirmation"))
      expect(sources).toContain("https://shop.example/media/products/1_dress-320.jpg");
  });

  it.each(kinds)("%s: money with thousands separators", (_id, kind) => {
    const mail = kind.build(good);
    for (const part of [mail.text, mail.html ?? ""]) {
      expect(part).not.toMatch(/\$\d{4}/);
      for (const [amount] of part.matchAll(/\$[\d,]*\d(\.\d+)?/g))
        expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    }
  });

  it("the shipped e-mail with tracking links the number to the carrier's page", () => {
    const mail = MAIL_KINDS.find((kind) => kind.id === "status-shipped-tracking")!.build(good);
    expect(mail.text).toContain("Tracking: UPS 1Z 999 AA1 0123456784 (https://");
    expect(mail.html).toMatch(/Tracking: UPS <a href="https:\/\/[^"]+"[^>]*>1Z 999 AA1 0123456784<\/a>/);
  });

  it("the confirmation names every amount the shopper paid", () => {
    const text = MAIL_KINDS.find((kind) => kind.id === "order-confirmation")!.build(good).text;
    expect(text).toContain("2 × Linen Wrap Dress (Size: M, Color: Sand) — $1,500.00");
    expect(text).toContain("Subtotal: $1,545.00");
    expect(text).toContain("Total: $1,529.55");
  });

  it("pictures held elsewhere (only WebP there) are left out", () => {
    const mail = MAIL_KINDS.find((kind) => kind.id === "order-confirmation")!.build({
      ...good,
      picture: "https://cdn.example/products/1_dress",
    });
    expect(mail.html).not.toContain("<img");
  });
});
