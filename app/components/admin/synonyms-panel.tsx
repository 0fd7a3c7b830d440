import { Form } from "react-router";
import { MAX_SYNONYM_TERMS } from "../../../domain/search";

/**
 * The admin's Search tab (issue 27, decision 059): the words the shop's search counts as one.
 * Each group is a line of words or phrases separated by commas ("tee, t-shirt"); a search for
 * any of them finds products with the others. Plain forms: they work without JavaScript.
 */
export function SynonymsPanel({ groups }: { groups: { id: string; terms: string[] }[] }) {
  return (
    <section aria-labelledby="synonyms-heading" className="max-w-3xl">
      <h2 id="synonyms-heading" className="font-display text-2xl">
        Search synonyms
      </h2>
      <p className="mt-2 text-sm text-stone-600">
        Words a shopper may use for the same thing. A search for any word of a group also finds products described with
        the others. Separate the words or phrases with commas (at most {MAX_SYNONYM_TERMS} in a group).
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="add-synonyms" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="new-synonyms" className="text-sm font-medium">
            New group
          </label>
          <input
            id="new-synonyms"
            name="terms"
            required
            maxLength={600}
            placeholder="tee, t-shirt"
            className="rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-ink"
          />
        </div>
        <button
          type="submit"
          className="rounded-full bg-ink px-5 py-2 text-sm font-medium text-white hover:bg-stone-800"
        >
          Add
        </button>
      </Form>
      {groups.length === 0 ? (
        <p className="mt-8 text-sm text-stone-600">No synonyms yet.</p>
      ) : (
        <ul className="mt-8 flex flex-col gap-3" aria-label="Synonym groups">
          {groups.map((group, i) => (
            <li
              key={group.id}
              className="flex flex-col gap-2 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-center"
            >
              <Form method="post" className="flex min-w-0 flex-1 gap-2">
                <input type="hidden" name="intent" value="save-synonyms" />
                <input type="hidden" name="synonymId" value={group.id} />
                <label htmlFor={`synonyms-${group.id}`} className="sr-only">
                  Synonym group {i + 1}
                </label>
                <input
                  id={`synonyms-${group.id}`}
                  name="terms"
                  required
                  maxLength={600}
                  defaultValue={group.terms.join(", ")}
                  key={group.terms.join(",")}
                  className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-ink"
                />
                <button
                  type="submit"
                  className="rounded-full border border-ink px-4 py-2 text-sm font-medium hover:bg-stone-100"
                >
                  Save<span className="sr-only"> group {i + 1}</span>
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-synonyms" />
                <input type="hidden" name="synonymId" value={group.id} />
                <button
                  type="submit"
                  className="rounded-full px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  Delete<span className="sr-only"> group {i + 1}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
