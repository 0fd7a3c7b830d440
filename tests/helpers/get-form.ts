import { attribute, elements, textOf } from "./rendered-html";

/**
 * The fields a browser sends with a form (the markup of one `<form>` of a server-rendered page),
 * in document order: hidden and text inputs, checked boxes and radios, each select's chosen
 * option, textareas; a field named in `typed` carries that value instead, as the person typed or
 * chose it. Fails on a field `typed` names that the form does not have.
 */
export function formFields(form: string, typed: Record<string, string> = {}): URLSearchParams {
  const fields = new URLSearchParams();
  for (const control of elements(form, /<(?:input|select|textarea)[\s>]/)) {
    const name = attribute(control, "name");
    if (!name || attribute(control, "disabled") !== null) continue;
    const tag = control.slice(1, control.search(/[\s>]/)).toLowerCase();
    let value: string | undefined;
    if (tag === "input") {
      const type = (attribute(control, "type") ?? "text").toLowerCase();
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      const checkable = type === "checkbox" || type === "radio";
      if (checkable && attribute(control, "checked") === null) continue;
      value = attribute(control, "value") ?? (checkable ? "on" : "");
    } else if (tag === "select") {
      const options = elements(control, /<option[\s>]/);
      const chosen = options.find((option) => attribute(option, "selected") !== null) ?? options[0];
      value = chosen === undefined ? undefined : (attribute(chosen, "value") ?? textOf(chosen));
    } else {
      value = textOf(control);
    }
    if (value === undefined) continue;
    fields.append(name, Object.hasOwn(typed, name) ? typed[name] : value);
  }
  for (const name of Object.keys(typed)) if (!fields.has(name)) throw new Error(`the form has no field ${name}`);
  return fields;
}

/**
 * The address a browser without JavaScript goes to when it sends a GET form: the form's action
 * without its query, then the form's fields (formFields).
 */
export function getFormAddress(form: string, typed: Record<string, string> = {}): string {
  if ((attribute(form, "method") ?? "get").toLowerCase() !== "get") throw new Error("not a GET form");
  return `${(attribute(form, "action") ?? "").split("?")[0]}?${formFields(form, typed)}`;
}
