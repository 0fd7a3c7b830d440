import { firstNameOf } from "../../domain/greeting";
import { STORE_NAME } from "../../domain/store";
import { composeMail } from "../mail/layout";
import type { MailMessage } from "../mail/outbox";

/** The account's first name when it has one (Google gives it; the register form does not). */
type Name = string | null | undefined;

/** The greeting's name for an account: its first name, else the first word of its display name. */
export function accountFirstName(user: { name?: string | null }): string | null {
  const firstName = (user as { firstName?: unknown }).firstName;
  return firstNameOf(typeof firstName === "string" && firstName.trim() ? firstName : user.name);
}

export function verificationEmail(to: string, url: string, validHours: number, firstName?: Name): MailMessage {
  return composeMail({
    to,
    subject: `Verify your email for ${STORE_NAME}`,
    name: firstName,
    heading: `Welcome to ${STORE_NAME}!`,
    blocks: [
      "Please verify your email address to finish creating your account.",
      `The link works once and expires in ${validHours} hours.`,
    ],
    action: { label: "Verify email", url },
    note: `If you did not create an account at ${STORE_NAME}, you can ignore this email.`,
  });
}

export function passwordResetEmail(to: string, url: string, validMinutes: number, firstName?: Name): MailMessage {
  return composeMail({
    to,
    subject: `Reset your ${STORE_NAME} password`,
    name: firstName,
    heading: "Reset your password",
    blocks: [
      "Someone (hopefully you) asked to reset the password of your account.",
      `The link works once and expires in ${validMinutes} minutes.`,
    ],
    action: { label: "Choose a new password", url },
    note: "If you did not ask to reset your password, you can ignore this email: your password stays the same.",
  });
}
