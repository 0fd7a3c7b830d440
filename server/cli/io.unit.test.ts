import { describe, expect, it } from "vitest";
import { callerFolder } from "./io";

describe("callerFolder", () => {
  it.each([
    ["npm run store: the folder it was typed in", { npm_lifecycle_event: "store", INIT_CWD: "/home/me" }, "/home/me"],
    ["node cli.js", {}, "/srv/app"],
    [
      "a child of another npm script, which inherits INIT_CWD",
      { npm_lifecycle_event: "test", INIT_CWD: "/home/me" },
      "/srv/app",
    ],
    ["npm run store without INIT_CWD", { npm_lifecycle_event: "store" }, "/srv/app"],
  ])("%s", (_, env, expected) => {
    expect(callerFolder(env, "/srv/app")).toBe(expected);
  });
});
