import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { fieldMessages, PASSWORD_MAX, PASSWORD_MIN } from "./account-schemas";
import { messages } from "./messages";

/**
 * Password strength, judged with zxcvbn and its common-password list (both shipped in npm
 * packages). Server-only in practice: the dictionaries are large, so no screen imports this
 * module and the browser bundle stays small; the server refuses weak passwords on sign-up
 * and password reset.
 */

/**
 * zxcvbn scores 0 to 4; below this is refused. Score 1 is what any random six characters get,
 * so a higher bar would quietly raise the six-character minimum (docs/product.md §9); the common-password
 * list catches the well-known weak ones of any score.
 */
export const MIN_PASSWORD_SCORE = 1;

/**
 * How long the checker is kept after its last use. zxcvbn's ranked dictionaries and the
 * common-password set weigh ~5 MB of heap once built, for a check that runs at a sign-up or a
 * password reset; they are built again (~0.1 s) at the next one after a quiet minute (decision 063).
 */
export const CHECKER_KEPT_MS = 60_000;

let checker: { zxcvbn: ZxcvbnFactory; common: Set<string> } | undefined;
let release: ReturnType<typeof setTimeout> | undefined;

function load() {
  checker ??= {
    zxcvbn: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
    common: new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())),
  };
  clearTimeout(release);
  release = setTimeout(() => {
    checker = undefined;
  }, CHECKER_KEPT_MS);
  // A timer of a Node.js process must not keep it alive (a command line that checked a password exits).
  (release as { unref?: () => void }).unref?.();
  return checker;
}

/** Whether the checker is built now (tests). */
export function isPasswordCheckerLoaded(): boolean {
  return checker !== undefined;
}

export function isCommonPassword(password: string): boolean {
  return load().common.has(password.toLowerCase());
}

/**
 * True when the password is on the common-password list or zxcvbn scores it below
 * MIN_PASSWORD_SCORE. `userInputs` (the e-mail address and its parts) count as known words,
 * so "ada@example.com" as a password is weak for Ada.
 */
export function isWeakPassword(password: string, userInputs: readonly string[] = []): boolean {
  if (isCommonPassword(password)) return true;
  const words = userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]+/)]).filter((w) => w.length >= 3);
  return load().zxcvbn.check(password, words).score < MIN_PASSWORD_SCORE;
}

/**
 * Why a new password is refused, or undefined when it may be used: the length rules of the
 * register and reset forms (docs/product.md §5) and the strength rule above, with the same
 * texts. For callers outside the forms, such as the command line's create-admin.
 */
export function newPasswordProblem(password: string, email: string): string | undefined {
  if (password.length < PASSWORD_MIN) return messages.register.passwordTooShort;
  if (password.length > PASSWORD_MAX) return fieldMessages.passwordTooLong;
  if (isWeakPassword(password, [email])) return messages.register.weakPassword;
  return undefined;
}
