import { statusLabel } from "../../../domain/admin-dashboard";
import type { StatusHistoryEntry } from "../../../domain/views";
import { LocalDateTime } from "~/components/ui/local-date-time";

/** Every status the order went through, oldest first, with when and why. */
export function StatusHistory({ entries, id }: { entries: readonly StatusHistoryEntry[]; id?: string }) {
  return (
    <ol id={id} className="space-y-3 border-l-2 border-stone-200 pl-4">
      {entries.map((entry, i) => (
        <li key={`${entry.timestamp}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-ink" />
          <p className="text-sm font-medium text-ink">{statusLabel(entry.status)}</p>
          <p className="text-xs text-stone-500">
            <LocalDateTime iso={entry.timestamp} />
          </p>
          <p className="text-sm text-stone-700">{entry.note}</p>
        </li>
      ))}
    </ol>
  );
}
