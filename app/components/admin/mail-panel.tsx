import { Link, useFetcher } from "react-router";
import { MAIL_LIST_LIMIT, MAIL_STATE_LABELS } from "../../../domain/outbox-mail";
import type { FailedMailPage, FailedMailView } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { AdminTable } from "./admin-table";

const TABLE_COLUMNS = ["Recipient", "Subject", "Last error", "Attempts", "Queued", "State", "Actions"] as const;

const STATE_TONES: Record<FailedMailView["state"], string> = {
  given_up: "bg-red-50 text-red-900 ring-red-300",
  retrying: "bg-amber-50 text-amber-900 ring-amber-300",
  queued: "bg-sky-50 text-sky-900 ring-sky-200",
  sent: "bg-emerald-50 text-emerald-900 ring-emerald-300",
};

function StatePill({ mail }: { mail: FailedMailView }) {
  return (
    <span className="inline-flex flex-col gap-1">
      <span
        className={`inline-flex w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_TONES[mail.state]}`}
      >
        {MAIL_STATE_LABELS[mail.state]}
      </span>
      {mail.state === "retrying" && mail.nextAttemptAt && (
        <span className="text-xs text-stone-600">
          Next try <LocalDateTime iso={mail.nextAttemptAt} />
        </span>
      )}
    </span>
  );
}

/** Retry: only for mail the worker gave up on (domain/outbox-mail.ts); the others say why not. */
function RetryButton({ mail }: { mail: FailedMailView }) {
  const fetcher = useFetcher<AdminResult>();
  if (!mail.canRetry)
    return <span className="text-xs text-stone-600">{mail.state === "retrying" ? "Retried automatically" : "—"}</span>;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/admin?tab=mail">
      <input type="hidden" name="intent" value="retry-mail" />
      <input type="hidden" name="mailId" value={mail.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Retry the email "${mail.subject}" to ${mail.to}`}
        className="inline-flex items-center rounded-full border border-stone-300 px-3 py-1.5 text-xs font-medium text-ink transition-colors hover:border-ink disabled:opacity-60"
      >
        {busy ? "Retrying..." : "Retry"}
      </button>
    </fetcher.Form>
  );
}

/**
 * The Mail tab: email that failed to send (recipient, subject, last error, attempts, when), with
 * Retry for the ones the worker gave up on. Never the email's text: it holds sign-in and reset links.
 */
export function MailPanel({ page }: { page: FailedMailPage }) {
  return (
    <div>
      <div className="mb-4 space-y-1">
        <p className="text-sm text-stone-600">
          {page.givenUpOnly
            ? `${page.total} ${page.total === 1 ? "email" : "emails"} the store gave up sending${page.total > MAIL_LIST_LIMIT ? ` (the newest ${MAIL_LIST_LIMIT} shown)` : ""}. `
            : page.total === 0
              ? "Every email has been sent."
              : `${page.total} ${page.total === 1 ? "email" : "emails"} failed to send${page.total > MAIL_LIST_LIMIT ? ` (the newest ${MAIL_LIST_LIMIT} shown)` : ""}.`}
          {page.givenUpOnly && (
            <Link to="/admin?tab=mail" className="font-medium text-brand-700 underline underline-offset-2">
              Show every failed email
            </Link>
          )}
        </p>
        <p className="text-xs text-stone-600">
          Failed emails are tried again automatically for several hours; Retry sends one the store has given up on.
        </p>
      </div>

      {page.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          No failed emails.
        </p>
      ) : (
        <>
          {/* Phones: one card per email, every column still there. */}
          <ul aria-label="Failed emails" className="space-y-3 md:hidden">
            {page.items.map((mail) => (
              <li key={mail.id} className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4">
                <p className="break-words text-sm font-medium text-ink">{mail.subject}</p>
                <p className="break-all text-xs text-stone-700">To {mail.to}</p>
                <p className="break-words text-xs text-stone-700">
                  <span className="font-medium">Last error:</span> {mail.lastError}
                </p>
                <p className="text-xs text-stone-600">
                  {mail.attempts} {mail.attempts === 1 ? "attempt" : "attempts"} · queued{" "}
                  <LocalDateTime iso={mail.createdAt} />
                </p>
                <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
                  <StatePill mail={mail} />
                  <RetryButton mail={mail} />
                </div>
              </li>
            ))}
          </ul>

          <AdminTable caption="Failed emails" columns={TABLE_COLUMNS} minWidth="min-w-[880px]">
            {page.items.map((mail) => (
              <tr key={mail.id} className="align-top">
                <th scope="row" className="break-all px-4 py-3 font-normal text-ink">
                  {mail.to}
                </th>
                <td className="px-4 py-3 font-medium">{mail.subject}</td>
                <td className="max-w-xs break-words px-4 py-3 text-stone-700">{mail.lastError}</td>
                <td className="px-4 py-3 text-stone-700">{mail.attempts}</td>
                <td className="whitespace-nowrap px-4 py-3 text-stone-700">
                  <LocalDateTime iso={mail.createdAt} />
                </td>
                <td className="px-4 py-3">
                  <StatePill mail={mail} />
                </td>
                <td className="px-4 py-3">
                  <RetryButton mail={mail} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </div>
  );
}
