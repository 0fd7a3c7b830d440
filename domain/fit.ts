/**
 * A review's optional fit answer and the product page's summary of them (issue 27, item 5;
 * docs/decisions/060-size-guides-and-fit.md).
 */

export const FIT_ANSWERS = ["runs_small", "true_to_size", "runs_large"] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];

/** As the review form and a review show it. */
export const FIT_LABELS: Record<FitAnswer, string> = {
  runs_small: "Runs small",
  true_to_size: "True to size",
  runs_large: "Runs large",
};

/** Inside a sentence ("Most say: true to size"). */
const FIT_WORDS: Record<FitAnswer, string> = {
  runs_small: "runs small",
  true_to_size: "true to size",
  runs_large: "runs large",
};

/** The summary shows once a product has this many fit answers. */
export const FIT_SUMMARY_MIN = 3;

export const fitMessages = {
  invalid: "Choose how it fits: runs small, true to size or runs large.",
} as const;

export function isFitAnswer(value: unknown): value is FitAnswer {
  return typeof value === "string" && (FIT_ANSWERS as readonly string[]).includes(value);
}

/** A form's or a body's fit: missing, null or "" is "no answer" (null); a known answer; anything else undefined (refused). */
export function readFitAnswer(value: unknown): FitAnswer | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  return isFitAnswer(value) ? value : undefined;
}

export type FitCounts = Record<FitAnswer, number>;

export const noFitCounts = (): FitCounts => ({ runs_small: 0, true_to_size: 0, runs_large: 0 });

export interface FitSummary {
  /** "Most say: true to size, 12 answers" or, on a tie for most, "Split: runs small or true to size, 6 answers". */
  text: string;
  total: number;
  /** The answers given most (two or three on a tie), in FIT_ANSWERS' order. */
  leading: FitAnswer[];
}

/**
 * The page's sentence for a product's fit answers, or null below FIT_SUMMARY_MIN answers. The
 * answer given most wins ("Most say: …"); when two or three share the most, none is picked
 * over another: the sentence names them all ("Split: runs small or runs large, 4 answers").
 */
export function fitSummary(counts: FitCounts): FitSummary | null {
  const total = FIT_ANSWERS.reduce((sum, answer) => sum + Math.max(0, counts[answer] ?? 0), 0);
  if (total < FIT_SUMMARY_MIN) return null;
  const most = Math.max(...FIT_ANSWERS.map((answer) => counts[answer] ?? 0));
  const leading = FIT_ANSWERS.filter((answer) => (counts[answer] ?? 0) === most);
  const answers = `${total} answers`;
  if (leading.length === 1) return { text: `Most say: ${FIT_WORDS[leading[0]]}, ${answers}`, total, leading };
  const words = leading.map((answer) => FIT_WORDS[answer]);
  const named = `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
  return { text: `Split: ${named}, ${answers}`, total, leading };
}
