/**
 * Trims a provider's published OpenAPI document to the operations the store and the fakes use,
 * and writes it as a schema fixture under tests/contracts/fixtures/ (tests/contracts/README.md).
 *
 *   node --import tsx tests/contracts/extract.ts NAME DOCUMENT.json REPOSITORY COMMIT PATH
 *
 * NAME is one of the selections below. DOCUMENT.json is the full document (Stripe's YAML
 * converted to JSON first, see the README). What is kept: each selected operation's path and header
 * parameters, request body and responses, with every `$ref` to parameters and responses put in
 * place, and the `components.schemas` they reach, nothing else. Descriptions, examples and `x-*`
 * keywords are dropped (structure only). Two trims, both written in the fixture's `trims`:
 * - Stripe's expandable fields (`x-expansionResources`) keep only their unexpanded form (an id):
 *   the store never asks for `expand[]`, so Stripe answers ids there.
 * - `opaque` schemas (objects the store and the fakes never send or read, such as the payment
 *   intent inside an error) become `{ "type": "object" }`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Selection {
  operations: [method: string, path: string][];
  /** Schemas kept besides those the operations reach (for payloads that are not an answer, such as events). */
  schemas?: string[];
  opaque?: string[];
  unexpanded?: boolean;
}

export const SELECTIONS: Record<string, Selection> = {
  "paypal-orders-v2": {
    operations: [
      ["post", "/v2/checkout/orders"],
      ["get", "/v2/checkout/orders/{id}"],
      ["post", "/v2/checkout/orders/{id}/capture"],
    ],
  },
  "paypal-payments-v2": {
    operations: [["post", "/v2/payments/captures/{capture_id}/refund"]],
  },
  stripe: {
    operations: [
      ["post", "/v1/checkout/sessions"],
      ["get", "/v1/checkout/sessions/{session}"],
      ["post", "/v1/checkout/sessions/{session}/expire"],
      ["post", "/v1/refunds"],
    ],
    schemas: ["event", "checkout.session"],
    unexpanded: true,
    opaque: [
      // Reached only through api_errors (an error about a payment names the object): never sent by the fake.
      "payment_intent",
      "payment_method",
      "setup_intent",
      "bank_account",
      "card",
      "source",
    ],
  },
};

const DROP = new Set(["description", "example", "examples", "externalDocs", "summary"]);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pointer(document: JsonObject, ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
  let node: Json = document;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) || !(key in node)) throw new Error(`unresolvable $ref ${ref}`);
    node = node[key];
  }
  return node;
}

export function extract(document: JsonObject, selection: Selection) {
  const keep = new Set<string>();
  const pending: string[] = [];
  const reach = (name: string) => {
    if (!keep.has(name)) {
      keep.add(name);
      pending.push(name);
    }
  };
  const opaque = new Set(selection.opaque ?? []);

  /** A copy without prose and vendor keywords; schema $refs are noted, other $refs put in place. */
  function clean(node: Json, inSchema: boolean): Json {
    if (Array.isArray(node)) return node.map((item) => clean(item, inSchema));
    if (!isObject(node)) return node;
    if (typeof node.$ref === "string") {
      const schema = /^#\/components\/schemas\/(.+)$/.exec(node.$ref);
      if (schema) {
        if (opaque.has(schema[1])) return { type: "object" };
        reach(schema[1]);
        return { $ref: node.$ref };
      }
      return clean(pointer(document, node.$ref), inSchema);
    }
    if (selection.unexpanded && inSchema && isObject(node["x-expansionResources"]) && Array.isArray(node.anyOf)) {
      const plain = node.anyOf.filter((branch) => !(isObject(branch) && "$ref" in branch));
      const { anyOf: _all, ...rest } = node;
      return clean(plain.length === 1 ? { ...rest, ...(plain[0] as JsonObject) } : { ...rest, anyOf: plain }, true);
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-") || DROP.has(key)) continue;
      // Inside `properties`, keys are field names, not keywords: a field called "description" stays.
      if (key === "properties" && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, clean(schema, true)]));
        continue;
      }
      out[key] = clean(value, inSchema || key === "schema");
    }
    return out;
  }

  const operations: JsonObject = {};
  for (const [method, route] of selection.operations) {
    const paths = document.paths as JsonObject;
    const item = paths[route] as JsonObject | undefined;
    const operation = item?.[method] as JsonObject | undefined;
    if (!operation) throw new Error(`${method.toUpperCase()} ${route} is not in the document`);
    const parameters = ((operation.parameters as Json[] | undefined) ?? [])
      .map((parameter) => clean(parameter, false) as JsonObject)
      .filter((parameter) => parameter.in === "header" || parameter.in === "path");
    const body = operation.requestBody as JsonObject | undefined;
    const content = body ? (clean(body, false) as JsonObject).content : undefined;
    const [contentType, media] = isObject(content) ? Object.entries(content)[0] : [];
    const responses: JsonObject = {};
    for (const [status, response] of Object.entries(operation.responses as JsonObject)) {
      const resolved = clean(response, false) as JsonObject;
      const schema = isObject(resolved.content)
        ? (resolved.content["application/json"] as JsonObject)?.schema
        : undefined;
      responses[status] = schema ?? null;
    }
    operations[`${method.toUpperCase()} ${route}`] = {
      operationId: operation.operationId ?? null,
      parameters,
      requestContentType: contentType ?? null,
      requestBody: isObject(media) ? (media.schema ?? null) : null,
      responses,
    };
  }
  for (const name of selection.schemas ?? []) reach(name);
  const schemas: JsonObject = {};
  while (pending.length) {
    const name = pending.shift()!;
    const schema = (document.components as JsonObject & { schemas: JsonObject }).schemas[name];
    if (schema === undefined) throw new Error(`schema ${name} is not in the document`);
    schemas[name] = clean(schema, true);
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { operations, components: { schemas: sorted } };
}

function main(argv: string[]) {
  const [name, file, repository, commit, documentPath] = argv;
  const selection = SELECTIONS[name];
  if (!selection || !file || !repository || !commit || !documentPath) {
    console.error(`usage: extract.ts (${Object.keys(SELECTIONS).join("|")}) DOCUMENT.json REPOSITORY COMMIT PATH`);
    process.exit(2);
  }
  const document = JSON.parse(readFileSync(file, "utf8")) as JsonObject;
  const info = document.info as JsonObject;
  const trimmed = extract(document, selection);
  const fixture = {
    source: {
      repository,
      path: documentPath,
      commit,
      title: info.title,
      version: info.version,
      openapi: document.openapi,
    },
    trims: {
      unexpanded: selection.unexpanded ?? false,
      opaque: selection.opaque ?? [],
      dropped: ["description", "example", "examples", "externalDocs", "summary", "x-*"],
    },
    ...trimmed,
  };
  const out = path.join(import.meta.dirname, "fixtures", `${name}.json`);
  writeFileSync(out, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(
    `${out}: ${trimmed.operations && Object.keys(trimmed.operations).length} operations, ${Object.keys(trimmed.components.schemas).length} schemas`,
  );
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) main(process.argv.slice(2));
