import { describe, expect, it } from "vitest";
import { checkFormType, FORM_TYPE_REFUSED, FORM_UNREADABLE } from "./page-forms";

describe("checkFormType", () => {
  it.each<[string | undefined, ReturnType<typeof checkFormType>]>([
    ["application/x-www-form-urlencoded", { ok: true }],
    ["application/x-www-form-urlencoded;charset=UTF-8", { ok: true }],
    ["Application/X-WWW-Form-Urlencoded", { ok: true }],
    ["multipart/form-data; boundary=----abc", "parse"],
    ["multipart/form-data;boundary=x", "parse"],
    ["multipart/form-data", { ok: false, status: 400, message: FORM_UNREADABLE }],
    ["multipart/form-data; charset=utf-8", { ok: false, status: 400, message: FORM_UNREADABLE }],
    ["text/plain", { ok: false, status: 415, message: FORM_TYPE_REFUSED }],
    ["application/json", { ok: false, status: 415, message: FORM_TYPE_REFUSED }],
    ["application/xml", { ok: false, status: 415, message: FORM_TYPE_REFUSED }],
    ["", { ok: false, status: 415, message: FORM_TYPE_REFUSED }],
    [undefined, { ok: false, status: 415, message: FORM_TYPE_REFUSED }],
  ])("%j -> %j", (type, expected) => {
    expect(checkFormType(type)).toEqual(expected);
  });
});
