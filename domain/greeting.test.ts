import { describe, expect, it } from "vitest";
import { firstNameOf, greeting } from "./greeting";

describe("greeting", () => {
  it.each([
    ["Ada", "Hi Ada,"],
    ["Ada Lovelace", "Hi Ada,"],
    ["  Ada   Lovelace ", "Hi Ada,"],
    ["ada@example.com", "Hello,"],
    ["", "Hello,"],
    ["   ", "Hello,"],
    [null, "Hello,"],
    [undefined, "Hello,"],
    ["<script>", "Hi <script>,"],
  ])("%j -> %j", (name, text) => {
    expect(greeting(name)).toBe(text);
  });

  it("takes the first word of a full name", () => {
    expect(firstNameOf("Grace Brewster Hopper")).toBe("Grace");
    expect(firstNameOf("x@y.z Smith")).toBeNull();
  });
});
