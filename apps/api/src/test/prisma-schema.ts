import {
  parsePrismaSchema,
  type FieldDeclaration,
  type ModelDeclaration,
  type SchemaArgument,
  type SchemaAttribute,
} from '@loancrate/prisma-schema-parser';

/**
 * What the schema drift test reads from `schema.prisma`, parsed with a published parser of the
 * schema language: enums with their values, models with their table, fields (kind, type,
 * nullability, native type, the key columns of a relation) and every id, unique and index.
 */
export interface SchemaModel {
  name: string;
  dbName: string | null;
  fields: SchemaField[];
}
export interface SchemaField {
  name: string;
  dbName: string | null;
  kind: 'scalar' | 'enum' | 'object';
  type: string;
  isRequired: boolean;
  /** `@db.Date` → ['Date']. */
  nativeType: [string] | null;
  relationFromFields: string[] | null;
}
export interface SchemaIndex {
  model: string;
  type: 'id' | 'unique' | 'normal';
  fields: { name: string }[];
}
export interface SchemaFacts {
  enums: { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] }[];
  models: SchemaModel[];
  indexes: SchemaIndex[];
}

const pathOf = (attribute: SchemaAttribute) => attribute.path.value.join('.');

/** The string of `@map("x")` / `@@map("x")`, if the attribute list has one. */
function mapped(attributes: readonly SchemaAttribute[]): string | null {
  const map = attributes.find((a) => pathOf(a) === 'map');
  const arg = map?.args?.[0];
  return arg && arg.kind === 'literal' && typeof arg.value === 'string' ? arg.value : null;
}

/** The names in the first positional array argument or in the named argument `name` (`[a, b]`). */
function names(args: readonly SchemaArgument[], named?: string): string[] {
  const arg = named ? args.find((a) => a.kind === 'namedArgument' && a.name.value === named) : args.find((a) => a.kind !== 'namedArgument');
  const expression = arg?.kind === 'namedArgument' ? arg.expression : arg;
  if (expression?.kind !== 'array') return [];
  return expression.items.flatMap((item) =>
    item.kind === 'path' ? [item.value.join('.')] : item.kind === 'functionCall' ? [item.path.value.join('.')] : [],
  );
}

function fieldOf(field: FieldDeclaration, enums: Set<string>, models: Set<string>): SchemaField {
  const base = field.type.kind === 'typeId' || field.type.kind === 'unsupported' ? field.type : field.type.type;
  const type = base.kind === 'typeId' ? base.name.value : 'Unsupported';
  const attributes = field.attributes ?? [];
  const native = attributes.find((a) => a.path.value[0] === 'db');
  const relation = attributes.find((a) => pathOf(a) === 'relation');
  return {
    name: field.name.value,
    dbName: mapped(attributes),
    kind: models.has(type) ? 'object' : enums.has(type) ? 'enum' : 'scalar',
    type,
    isRequired: field.type.kind !== 'optional',
    nativeType: native ? [native.path.value.slice(1).join('.')] : null,
    relationFromFields: relation ? names(relation.args ?? [], 'fields') : null,
  };
}

function indexesOf(model: ModelDeclaration, fields: FieldDeclaration[]): SchemaIndex[] {
  const indexes: SchemaIndex[] = [];
  for (const field of fields) {
    for (const attribute of field.attributes ?? []) {
      const kind = pathOf(attribute);
      if (kind === 'id' || kind === 'unique') indexes.push({ model: model.name.value, type: kind, fields: [{ name: field.name.value }] });
    }
  }
  for (const member of model.members) {
    if (member.kind !== 'blockAttribute') continue;
    const kind = pathOf(member);
    const type = kind === 'id' ? 'id' : kind === 'unique' ? 'unique' : kind === 'index' ? 'normal' : null;
    if (type) indexes.push({ model: model.name.value, type, fields: names(member.args ?? []).map((name) => ({ name })) });
  }
  return indexes;
}

export function readPrismaSchema(text: string): SchemaFacts {
  const declarations = parsePrismaSchema(text).declarations;
  const modelDeclarations = declarations.filter((d): d is ModelDeclaration => d.kind === 'model');
  const enumDeclarations = declarations.flatMap((d) => (d.kind === 'enum' ? [d] : []));
  const enumNames = new Set(enumDeclarations.map((e) => e.name.value));
  const modelNames = new Set(modelDeclarations.map((m) => m.name.value));
  const models = modelDeclarations.map((model) => {
    const fields = model.members.filter((m): m is FieldDeclaration => m.kind === 'field');
    const blockAttributes = model.members.filter((m) => m.kind === 'blockAttribute');
    return {
      model,
      fields,
      facts: {
        name: model.name.value,
        dbName: mapped(blockAttributes),
        fields: fields.map((f) => fieldOf(f, enumNames, modelNames)),
      },
    };
  });
  return {
    enums: enumDeclarations.map((e) => ({
      name: e.name.value,
      dbName: mapped(e.members.filter((m) => m.kind === 'blockAttribute')),
      values: e.members.flatMap((m) => (m.kind === 'enumValue' ? [{ name: m.name.value, dbName: mapped(m.attributes ?? []) }] : [])),
    })),
    models: models.map((m) => m.facts),
    indexes: models.flatMap((m) => indexesOf(m.model, m.fields)),
  };
}
