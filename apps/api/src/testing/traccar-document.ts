import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Traccar's API document (traccar/traccar-openapi.yaml) for the contract test: its operations by `METHOD /path`
 * and a validator of each response schema, with the document's components as JSON Schema 2020-12.
 */

export interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const doc = parse(readFileSync(new URL('../traccar/traccar-openapi.yaml', import.meta.url), 'utf8')) as Document;

/**
 * Fields Traccar itself answers null for while the document types only their value (an address not resolved, no
 * cell data, a server setting never set): null is accepted there too.
 */
const SENT_AS_NULL: Record<string, string[]> = {
  Position: ['address', 'network', 'protocol'],
  Server: ['map', 'bingKey', 'mapUrl', 'poiLayer', 'announcement', 'coordinateFormat'],
  // an action not made over HTTP (a worker's) has no address; a sign-in acts on no object
  Action: ['address', 'objectType'],
};

/** The component's schema with null allowed for its SENT_AS_NULL fields. */
function withNulls(name: string, schema: unknown): unknown {
  const fields = SENT_AS_NULL[name] ?? [];
  const { properties = {}, ...rest } = schema as { properties?: Record<string, { type?: unknown }> };
  const nullable = (p: { type?: unknown }) => ({ ...p, type: [p.type, 'null'].flat() });
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(properties).map(([k, p]) => [k, fields.includes(k) && p.type ? nullable(p) : p]),
    ),
  };
}

/**
 * The document's schema objects as JSON Schema 2020-12 (OpenAPI 3.1 schemas are that dialect): each component
 * under its own $id, references to `#/components/schemas/X` pointed at them, and OpenAPI's own keywords
 * (`example`, `xml`…) left out, since a validator in strict mode refuses keywords it does not know.
 */
function jsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchema);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'example' || key === 'examples' || key === 'xml' || key === 'externalDocs') continue;
    if (key === '$ref' && typeof item === 'string') out.$ref = item.replace('#/components/schemas/', 'traccar:');
    else if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(item as object).map(([k, v]) => [k, jsonSchema(v)]));
    } else out[key] = jsonSchema(item);
  }
  return out;
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
ajv.addFormat('binary', true);
for (const [name, schema] of Object.entries(doc.components.schemas)) {
  ajv.addSchema({ ...(jsonSchema(withNulls(name, schema)) as object), $id: `traccar:${name}` });
}
const validators = new Map<unknown, ValidateFunction>();
export function validatorOf(schema: unknown): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(jsonSchema(schema) as object);
    validators.set(schema, validate);
  }
  return validate;
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);
export const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.has(method))
    .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);
export const operationOf = new Map(operations.map((o) => [o.key, o.op]));
