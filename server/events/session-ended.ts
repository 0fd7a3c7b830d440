import { z } from "zod";

/**
 * Not a notice for pages: a session ended (signed out, revoked by a password reset), so every
 * instance closes the live streams opened with it. Ids only; it is never sent to a browser.
 */
export const sessionEndedSchema = z.object({
  userId: z.string().regex(/^[\w-]{1,100}$/),
  sessionId: z.string().regex(/^[\w-]{1,100}$/),
});

export type SessionEnded = z.infer<typeof sessionEndedSchema>;
