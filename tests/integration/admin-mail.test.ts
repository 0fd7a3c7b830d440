import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../domain/messages";
import { outbox } from "../../server/db/schema";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { attribute, element, elements, textOf, withoutTextSeparators } from "../helpers/rendered-html";

/**
 * The administrator's Mail tab over HTTP: the page lists failed e-mail without its text, Retry
 * queues a given-up e-mail again (twice is harmless), and nobody else sees or retries anything.
 */

let test: AdminTest;
let mailId: string;
const SECRET = "reset-password?token=very-secret-token";

beforeAll(async () => {
  test = await startAdminTest();
});
afterAll(async () => {
  await test?.stop();
});
beforeEach(async () => {
  await test.database.db.delete(outbox);
  const [row] = await test.database.db
    .insert(outbox)
    .values({
      to: "lost@example.com",
      subject: "Reset your Threadline password",
      text: `Open https://store.test/${SECRET}`,
      html: `<a href="https://store.test/${SECRET}">Reset</a>`,
      attempts: 10,
      lastError: "550 5.1.1 mailbox unavailable",
      nextAttemptAt: null,
    })
    .returning({ id: outbox.id });
  mailId = row.id;
});

const row = async () => (await test.database.db.select().from(outbox).where(eq(outbox.id, mailId)))[0];
const retry = (browser = test.admin, id = mailId) =>
  browser.postForm("/admin?tab=mail", { intent: "retry-mail", mailId: id });

describe("the Mail tab", () => {
  it("shows the administrator each failed email's recipient, subject, error and attempts, never its text", async () => {
    for (const path of ["/admin?tab=mail", "/admin.data?tab=mail"]) {
      const res = await test.admin.request(path);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain("lost@example.com");
      expect(body).toContain("Reset your Threadline password");
      expect(body).toContain("550 5.1.1 mailbox unavailable");
      expect(body).not.toContain("very-secret-token");
    }
    const html = await (await test.admin.request("/admin?tab=mail")).text();
    expect(html).toContain("1 email failed to send");
    expect(html).toContain("Gave up");
  });

  it.each([
    ["visitor", { status: 302, location: "/" }],
    ["shopper", { status: 302, location: "/" }],
  ] as const)("sends a %s away from the page without showing anything", async (who, expected) => {
    const res = await test[who].request("/admin?tab=mail");
    expect(res.status).toBe(expected.status);
    expect(res.headers.get("location")).toBe(expected.location);
    expect(await res.text()).not.toContain("lost@example.com");
  });

  it("retries a given-up email for the administrator: queued again, then sent", async () => {
    const res = await retry();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(messages.admin.mailRetried);
    const queued = await row();
    expect(queued).toMatchObject({ attempts: 0, sentAt: null });
    expect(queued.nextAttemptAt).not.toBeNull();
    const before = test.smtp.inbox.length;
    await test.t.services.mail.worker.runOnce(new Date(Date.now() + 1000));
    const sent = await test.smtp.waitFor("lost@example.com", { after: before });
    expect(sent.subject).toBe("Reset your Threadline password");
    expect((await row()).sentAt).toBeInstanceOf(Date);
  });

  it("is harmless twice: the second retry answers that the email is waiting and changes nothing", async () => {
    expect((await retry()).status).toBe(200);
    const after = await row();
    const again = await retry();
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(messages.admin.mailAlreadyQueued);
    expect(await row()).toEqual(after);
  });

  it.each([
    ["visitor", 401],
    ["shopper", 403],
    ["other", 403],
  ] as const)("refuses a retry by a %s with %i and changes nothing", async (who, status) => {
    const before = await row();
    const res = await retry(test[who]);
    expect(res.status).toBe(status);
    expect(await row()).toEqual(before);
  });

  it.each(["00000000-0000-4000-8000-000000000000", "nonsense", ""])(
    "answers 404 for the email %j and changes nothing",
    async (id) => {
      const before = await row();
      const res = await retry(test.admin, id);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(messages.admin.mailRetryFailed);
      expect(html).toContain("Email not found");
      expect(await row()).toEqual(before);
    },
  );
});

/** The tab as the server renders it, from the dashboard's tab link to the email leaving the list once sent. */
describe("the Mail tab's page", () => {
  const tabPage = async (path: string) => {
    const res = await test.admin.request(path);
    expect(res.status).toBe(200);
    return withoutTextSeparators(await res.text());
  };
  const rowsOf = (html: string) =>
    elements(element(html, /<div id="admin-tabpanel"/), /<tr class="align-top"/).filter((row) =>
      textOf(row).includes("Reset your Threadline password"),
    );

  it("is the Mail tab's own address; its row says to whom, the error, the attempts and 'Gave up'; Retry wakes the worker and the sent email leaves the list", async () => {
    const dashboard = await tabPage("/admin");
    const tab = elements(element(dashboard, /<div [^>]*role="tablist"/), /<a /).filter((a) => textOf(a) === "Mail");
    expect(tab.map((a) => attribute(a, "href"))).toEqual(["/admin?tab=mail"]);

    const html = await tabPage("/admin?tab=mail");
    const selected = elements(element(html, /<div [^>]*role="tablist"/), /<a [^>]*aria-selected="true"/);
    expect(selected.map(textOf)).toEqual(["Mail"]);
    const rows = rowsOf(html);
    expect(rows).toHaveLength(1);
    const cells = elements(rows[0], /<t[hd] /).map(textOf);
    expect(cells[0]).toBe("lost@example.com");
    expect(cells[2]).toContain("550 5.1.1 mailbox unavailable");
    expect(cells[3]).toBe("10");
    expect(cells[5]).toContain("Gave up");
    expect(html).not.toContain("very-secret-token");
    const button = element(rows[0], /<button /);
    expect(attribute(button, "aria-label")).toBe(
      'Retry the email "Reset your Threadline password" to lost@example.com',
    );

    const wake = vi.spyOn(test.t.services.mail.worker, "wake");
    try {
      const res = await retry();
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Email queued to send again");
      expect(wake).toHaveBeenCalled();
    } finally {
      wake.mockRestore();
    }
    const before = test.smtp.inbox.length;
    await test.t.services.mail.worker.runOnce(new Date(Date.now() + 1000));
    await test.smtp.waitFor("lost@example.com", { after: before });
    expect(rowsOf(await tabPage("/admin?tab=mail"))).toEqual([]);
  });
});
