import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * A provider's document (a fixture written by extract.ts) as validators. OpenAPI 3.0 is not JSON
 * Schema; before ajv sees a schema:
 * - `nullable: true` becomes `anyOf: [schema, { type: "null" }]` (3.0's way of saying "or null").
 * - `$ref: #/components/schemas/X` points into the fixture, registered once under its own $id.
 * - Formats ajv-formats does not know (PayPal's `ppaas_*`, Stripe's `unix-time`, `decimal`) are
 *   names only: they are accepted as such; the pattern, length and type beside them still apply.
 * Requests are also checked for fields the document does not name (unknownFields): a schema with
 * `properties` and no `additionalProperties` is closed for requests, as Stripe answers "Received
 * unknown parameter" and a field PayPal does not know is a field it ignores.
 */

type Schema = { [key: string]: unknown };

interface Operation {
  operationId: string | null;
  parameters: { name: string; in: "header" | "path"; required?: boolean; schema?: Schema }[];
  requestContentType: string | null;
  requestBody: Schema | null;
  responses: Record<string, Schema | null>;
}

export interface Fixture {
  source: { repository: string; path: string; commit: string; title: string; version: string; openapi: string };
  operations: Record<string, Operation>;
  components: { schemas: Record<string, Schema> };
}

export function readFixture(name: string): Fixture {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.json`), "utf8")) as Fixture;
}

const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** OpenAPI 3.0 schema to JSON Schema (draft 7) for ajv; refs re-pointed at the fixture's $id. */
export function toJsonSchema(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, base));
  if (!isObject(node)) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "nullable") continue;
    if (key === "$ref" && typeof value === "string") {
      out.$ref = value.replace(/^#\/components\/schemas\//, `${base}#/definitions/`);
      continue;
    }
    out[key] =
      key === "properties" && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema, base)]))
        : toJsonSchema(value, base);
  }
  return node.nullable === true ? { anyOf: [out, { type: "null" }] } : out;
}

function formatsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) formatsIn(item, found);
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === "format" && typeof value === "string") found.add(value);
      else formatsIn(value, found);
    }
  return found;
}

function explain(errors: ErrorObject[] | null | undefined): string[] {
  // anyOf/oneOf report every branch; the messages that name a field are the useful ones.
  return (errors ?? [])
    .filter((error) => error.keyword !== "anyOf" && error.keyword !== "oneOf" && error.keyword !== "if")
    .map((error) => `${error.instancePath || "(body)"} ${error.message}${paramsText(error)}`)
    .filter((text, i, all) => all.indexOf(text) === i)
    .slice(0, 8);
}

function paramsText(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if ("allowedValues" in params) return `: ${JSON.stringify(params.allowedValues)}`;
  if ("additionalProperty" in params) return `: ${String(params.additionalProperty)}`;
  return "";
}

export class Contract {
  readonly fixture: Fixture;
  private readonly base: string;
  private readonly ajv: Ajv;
  /** Form-encoded requests carry every value as a string: this instance coerces them to the schema's types. */
  private readonly formAjv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(name: string) {
    this.fixture = readFixture(name);
    this.base = `https://contracts.threadline.test/${name}.json`;
    const definitions = Object.fromEntries(
      Object.entries(this.fixture.components.schemas).map(([key, schema]) => [key, toJsonSchema(schema, this.base)]),
    );
    const make = (coerceTypes: boolean) => {
      const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, unicodeRegExp: false, coerceTypes });
      addFormats(ajv);
      for (const format of formatsIn(this.fixture)) if (!ajv.formats[format]) ajv.addFormat(format, true);
      ajv.addSchema({ $id: this.base, definitions });
      return ajv;
    };
    this.ajv = make(false);
    this.formAjv = make(true);
  }

  private validator(key: string, schema: unknown, form = false): ValidateFunction {
    const cacheKey = `${form ? "form " : ""}${key}`;
    let validate = this.cache.get(cacheKey);
    if (!validate) {
      validate = (form ? this.formAjv : this.ajv).compile(toJsonSchema(schema, this.base) as Schema);
      this.cache.set(cacheKey, validate);
    }
    return validate;
  }

  /** The documented operation for a method and path, and its path parameters. */
  operation(
    method: string,
    pathname: string,
  ): { key: string; operation: Operation; params: Record<string, string> } | null {
    for (const [key, operation] of Object.entries(this.fixture.operations)) {
      const [verb, template] = key.split(" ");
      if (verb !== method.toUpperCase()) continue;
      const names: string[] = [];
      const pattern = template
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
          names.push(name);
          return "([^/]+)";
        });
      const match = new RegExp(`^${pattern}$`).exec(pathname);
      if (match)
        return {
          key,
          operation,
          params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])),
        };
    }
    return null;
  }

  /** What is wrong with a request (headers, path parameters, body) for a documented operation. */
  checkRequest(
    key: string,
    request: { params: Record<string, string>; headers: Record<string, unknown>; body: unknown; contentType?: string },
  ): string[] {
    const operation = this.fixture.operations[key];
    const problems: string[] = [];
    for (const parameter of operation.parameters) {
      const value =
        parameter.in === "path" ? request.params[parameter.name] : request.headers[parameter.name.toLowerCase()];
      if (value === undefined) {
        if (parameter.required) problems.push(`${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      const validate = this.validator(`${key} ${parameter.in} ${parameter.name}`, parameter.schema ?? {});
      if (!validate(value)) problems.push(...explain(validate.errors).map((p) => `${parameter.name}: ${p}`));
    }
    if (operation.requestBody) {
      const form = operation.requestContentType === "application/x-www-form-urlencoded";
      if (request.contentType && !request.contentType.startsWith(operation.requestContentType ?? ""))
        problems.push(`content type ${request.contentType}, the document says ${operation.requestContentType}`);
      const body = form ? structuredClone(request.body) : request.body;
      const validate = this.validator(`${key} request`, operation.requestBody, form);
      if (!validate(body)) problems.push(...explain(validate.errors));
      problems.push(...this.unknownFields(operation.requestBody, request.body, ""));
    }
    return problems.map((p) => `${key}: request ${p}`);
  }

  /** What is wrong with an answer: its status must be documented (or `default`), its body must match. */
  checkResponse(key: string, status: number, body: unknown): string[] {
    const responses = this.fixture.operations[key].responses;
    const documented = String(status) in responses ? String(status) : "default" in responses ? "default" : null;
    if (documented === null) return [`${key}: answer status ${status} is not documented`];
    const schema = responses[documented];
    if (!schema) return [];
    const validate = this.validator(`${key} ${documented}`, schema);
    return validate(body) ? [] : explain(validate.errors).map((p) => `${key}: answer ${status} ${p}`);
  }

  /** A payload that is not an operation's answer (a webhook event) against one of the document's schemas. */
  checkSchema(name: string, data: unknown): string[] {
    const validate = this.validator(`schema ${name}`, { $ref: `#/components/schemas/${name}` });
    return validate(data) ? [] : explain(validate.errors).map((p) => `${name}: ${p}`);
  }

  private deref(schema: unknown): Schema {
    let node = schema;
    for (let i = 0; isObject(node) && typeof node.$ref === "string" && i < 20; i++) {
      node = this.fixture.components.schemas[node.$ref.replace(/^#\/components\/schemas\//, "")];
    }
    return isObject(node) ? node : {};
  }

  /** Fields of a request the document does not name; of anyOf/oneOf branches, the one that fits best. */
  unknownFields(schema: unknown, data: unknown, at: string): string[] {
    const node = this.deref(schema);
    const branches = [...((node.anyOf as unknown[]) ?? []), ...((node.oneOf as unknown[]) ?? [])];
    if (branches.length) {
      const { anyOf: _a, oneOf: _o, ...rest } = node;
      const results = branches.map((branch) => this.unknownFields({ ...rest, allOf: [branch] }, data, at));
      return results.reduce((best, next) => (next.length < best.length ? next : best));
    }
    if (Array.isArray(data))
      return node.items ? data.flatMap((item, i) => this.unknownFields(node.items, item, `${at}[${i}]`)) : [];
    if (!isObject(data)) return [];
    const parts = [node, ...((node.allOf as unknown[]) ?? []).map((part) => this.deref(part))];
    const nested = parts.flatMap((part) => ((part.allOf as unknown[]) ?? []).map((p) => this.deref(p)));
    const all = [...parts, ...nested];
    const known = new Map<string, unknown>();
    for (const part of all)
      if (isObject(part.properties)) for (const [name, s] of Object.entries(part.properties)) known.set(name, s);
    // A part that is itself a choice (anyOf inside allOf) is not followed: its fields count as known.
    // `additionalProperties: false` (Stripe's parameters) is ajv's to report; the walk only goes deeper there.
    const closedByDocument = all.some((part) => part.additionalProperties === false);
    const open =
      closedByDocument ||
      known.size === 0 ||
      all.some(
        (part) => (part.additionalProperties && part.additionalProperties !== false) || part.anyOf || part.oneOf,
      );
    return Object.entries(data).flatMap(([name, value]) => {
      const child = known.get(name);
      if (child !== undefined) return this.unknownFields(child, value, `${at}/${name}`);
      return open ? [] : [`${at}/${name} is not a field the document names`];
    });
  }
}
