import type { MailMessage } from "../mail/outbox";

const STORE = "Threadline";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#fff;padding:32px;border-radius:12px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c1917;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#57534e">${escapeHtml(footer)}</p></div></body></html>`;
}

export function verificationEmail(to: string, url: string, validHours: number): MailMessage {
  const footer = `If you did not create an account at ${STORE}, you can ignore this email.`;
  return {
    to,
    subject: `Verify your email for ${STORE}`,
    text: [
      `Welcome to ${STORE}!`,
      "",
      "Please verify your email address by opening this link:",
      url,
      "",
      `The link works once and expires in ${validHours} hours.`,
      footer,
    ].join("\n"),
    html: layout(
      `Welcome to ${STORE}!`,
      [
        "Please verify your email address to finish creating your account.",
        `The link works once and expires in ${validHours} hours.`,
      ],
      { label: "Verify email", url },
      footer,
    ),
  };
}

export function passwordResetEmail(to: string, url: string, validMinutes: number): MailMessage {
  const footer = "If you did not ask to reset your password, you can ignore this email: your password stays the same.";
  return {
    to,
    subject: `Reset your ${STORE} password`,
    text: [
      "Someone (hopefully you) asked to reset the password of your account.",
      "",
      "Choose a new password here:",
      url,
      "",
      `The link works once and expires in ${validMinutes} minutes.`,
      footer,
    ].join("\n"),
    html: layout(
      "Reset your password",
      [
        "Someone (hopefully you) asked to reset the password of your account.",
        `The link works once and expires in ${validMinutes} minutes.`,
      ],
      { label: "Choose a new password", url },
      footer,
    ),
  };
}
