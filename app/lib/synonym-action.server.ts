import { type AppLoadContext, data } from "react-router";
import { type AdminResult, adminResult } from "./admin-result";
import { refusalOf } from "./page-failure.server";

const INTENTS = ["add-synonyms", "save-synonyms", "delete-synonyms"] as const;
type SynonymIntent = (typeof INTENTS)[number];

export function isSynonymIntent(intent: string): intent is SynonymIntent {
  return (INTENTS as readonly string[]).includes(intent);
}

const DONE: Record<SynonymIntent, string> = {
  "add-synonyms": "Synonyms added",
  "save-synonyms": "Synonyms saved",
  "delete-synonyms": "Synonyms deleted",
};
const FAILED: Record<SynonymIntent, string> = {
  "add-synonyms": "Could not add the synonyms",
  "save-synonyms": "Could not save the synonyms",
  "delete-synonyms": "Could not delete the synonyms",
};

/**
 * The Search tab's actions (issue 27, decision 059), called by /admin's action after it checked
 * the administrator: add a synonym group, save one, delete one. A refusal says why.
 */
export async function synonymAction(intent: SynonymIntent, form: FormData, context: AppLoadContext) {
  const service = context.services.searchSynonyms;
  const terms = form.get("terms");
  const id = form.get("synonymId");
  try {
    if (intent === "add-synonyms") await service.add(terms);
    else if (intent === "save-synonyms") await service.update(id, terms);
    else await service.remove(id);
    return adminResult(true, DONE[intent]);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused)
      return data<AdminResult>(adminResult(false, FAILED[intent], refused.message), { status: refused.status });
    context.logger.error({ err: error }, "changing search synonyms failed");
    return data<AdminResult>(adminResult(false, FAILED[intent]), { status: 500 });
  }
}
