import { fieldMessages } from "../../domain/account-schemas";
import { messages } from "../../domain/messages";

export const authMessages = {
  resetLinkInvalid: "This reset link is invalid or has expired.",
  verifyLinkInvalid: "This verification link is invalid or has expired.",
  verifyLinkUsed: "This verification link has already been used. You can log in.",
  generic: "Something went wrong. Please try again.",
} as const;

/**
 * The documented text for a better-auth answer (docs/product.md §8). Anything not listed shows
 * better-auth's own message ("the provider's message"), never a stack trace.
 */
export function messageForAuthError(status: number, code: string | undefined, fallback: string | undefined): string {
  if (status === 429) return messages.login.tooManyRequests;
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return messages.login.invalidCredential;
    case "EMAIL_NOT_VERIFIED":
      return messages.login.unverified;
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return messages.register.emailInUse;
    case "PASSWORD_TOO_WEAK":
      return messages.register.weakPassword;
    case "INVALID_EMAIL":
      return messages.register.invalidEmail;
    case "PASSWORD_TOO_SHORT":
      return messages.register.passwordTooShort;
    case "PASSWORD_TOO_LONG":
      return fieldMessages.passwordTooLong;
    case "EMAIL_TOO_LONG":
      return fieldMessages.emailTooLong;
    case "VERIFICATION_EMAIL_NOT_QUEUED":
      return messages.register.mailNotQueued;
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return authMessages.resetLinkInvalid;
    default:
      return fallback && fallback.length < 200 ? fallback : authMessages.generic;
  }
}
