import { describe, expect, it } from "vitest";
import { errorPageText } from "./error-pages";

describe("the error pages", () => {
  it.each<[number | undefined, string, string]>([
    [404, "404", "Page not found"],
    [403, "403", "Access denied"],
    [429, "429", "Too many requests"],
    [503, "503", "Back in a moment"],
    [500, "Oops", "Something went wrong"],
    [502, "Oops", "Something went wrong"],
    [400, "Oops", "Something went wrong"],
    [undefined, "Oops", "Something went wrong"],
  ])("status %s shows %s, %s", (status, code, title) => {
    expect(errorPageText(status)).toMatchObject({ code, title });
  });
});
