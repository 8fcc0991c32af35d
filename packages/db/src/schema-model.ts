import { paths } from './paths';
import { readSchemaFiles } from './schema-files';

export interface ModelField {
  name: string;
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
  relation: boolean;
}
export interface ModelInfo {
  name: string;
  table: string;
  fields: ModelField[];
}

/**
 * A small reader of the schema's models (name, table, scalar/relation fields) across every file of the
 * schema folder, independent of Prisma's generated client, used by tests that compare the database and the
 * code with the schema.
 */
export function readSchemaModels(dir = paths.schema): ModelInfo[] {
  const text = readSchemaFiles(dir)
    .map((file) => file.content)
    .join('\n');
  const enums = new Set([...text.matchAll(/^enum\s+(\w+)/gm)].map((m) => m[1] as string));
  const models = [...text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)].map((m) => ({
    name: m[1] ?? '',
    body: m[2] ?? '',
  }));
  const names = new Set(models.map((m) => m.name));
  return models.map(({ name, body }) => {
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? name;
    const fields: ModelField[] = [];
    for (const raw of body.split('\n')) {
      const line = raw.replace(/\/\/.*$/, '').trim();
      const m = /^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
      if (!m || line.startsWith('@@')) continue;
      const [, fieldName = '', type = '', list, optional, rest = ''] = m;
      fields.push({
        name: fieldName,
        column: /@map\("([^"]+)"\)/.exec(rest)?.[1] ?? fieldName,
        type,
        optional: optional === '?',
        list: list === '[]',
        relation: names.has(type) && !enums.has(type),
      });
    }
    return { name, table, fields };
  });
}
