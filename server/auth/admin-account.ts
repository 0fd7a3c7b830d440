import { InvalidInputError, NotFoundError } from "../../domain/errors";
import { newPasswordProblem } from "../../domain/password-strength";
import { type AuthDeps, createAuth } from "./auth";

/** Where the store's reset form lives; better-auth's link sends the browser there with the token. */
const RESET_PAGE = "/reset-password";

export interface AdminAccountResult {
  /** The account did not exist and was made. */
  created: boolean;
  /**
   * Its e-mail address was not verified before (so it was not the administrator yet): its
   * password, linked sign-ins and sessions were removed, since nobody had proved the address.
   */
  promoted: boolean;
  /** The one-time set-password link, when no password was given. */
  link?: string;
}

/**
 * Accounts as the command line manages them (docs/command-line.md): the administrator made or
 * promoted, and one-time password links. Everything goes through better-auth's own API and
 * adapter, as sign-up and "forgot password" do: the same password hashing, the same reset
 * tokens in `verifications`, the same link the reset e-mail carries, and the same
 * /reset-password page to use it.
 */
export function createAdminAccountDesk(deps: AuthDeps) {
  // Links are collected here instead of mailed: requestPasswordReset is the one that runs.
  const links = new Map<string, string>();
  const auth = createAuth(deps, { deliverResetLink: ({ email, url }) => links.set(email.toLowerCase(), url) });
  const context = () => auth.$context;

  /** A one-time link to the reset page for an existing account, valid for an hour. */
  async function resetLink(email: string): Promise<string> {
    const address = email.trim().toLowerCase();
    const ctx = await context();
    if (!(await ctx.internalAdapter.findUserByEmail(address)))
      throw new NotFoundError(`No account uses the e-mail ${address}`);
    links.delete(address);
    await auth.api.requestPasswordReset({ body: { email: address, redirectTo: RESET_PAGE } });
    const link = links.get(address);
    links.delete(address);
    if (!link) throw new Error(`better-auth made no reset link for ${address}`);
    return link;
  }

  return {
    resetLink,

    /**
     * Makes `email` the administrator: the account is created when missing, its address marked
     * verified (the store's administrator is the verified ADMIN_EMAIL account). An existing
     * account whose address was never verified loses every credential and session it had before
     * it is promoted: it could have been registered by anyone. With a password
     * (checked by the register form's rules) it becomes the account's password and ends its
     * sessions; without one, a one-time set-password link is returned.
     */
    async createAdmin(email: string, password?: string): Promise<AdminAccountResult> {
      const address = email.trim().toLowerCase();
      if (password !== undefined) {
        const problem = newPasswordProblem(password, address);
        if (problem) throw new InvalidInputError(problem, { password: problem });
      }
      const ctx = await context();
      const found = await ctx.internalAdapter.findUserByEmail(address);
      let userId: string;
      let created = false;
      let promoted = false;
      if (!found) {
        const user = await ctx.internalAdapter.createUser(
          { email: address, name: "", emailVerified: true },
          { method: "email-password" },
        );
        userId = user.id;
        created = true;
        promoted = true;
      } else {
        userId = found.user.id;
        if (!found.user.emailVerified) {
          // Whoever registered this address never proved the mailbox: it may be someone who took
          // ADMIN_EMAIL before the operator did (issue 21, finding 1). Every way in they made is
          // removed first: the password, a linked Google account, every session. Only the person
          // who types the password here or opens the printed link can sign in afterwards.
          await ctx.internalAdapter.deleteUserSessions(userId);
          await ctx.internalAdapter.deleteAccounts(userId);
          await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
          promoted = true;
        }
      }
      if (password === undefined) return { created, promoted, link: await resetLink(address) };

      const hash = await ctx.password.hash(password);
      if (await ctx.internalAdapter.findCredentialAccount(userId)) {
        await ctx.internalAdapter.updatePassword(userId, hash);
        // As a password reset does: whoever was signed in with the old password is signed out.
        await ctx.internalAdapter.deleteUserSessions(userId);
      } else {
        await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
      }
      return { created, promoted };
    },
  };
}

export type AdminAccountDesk = ReturnType<typeof createAdminAccountDesk>;
