import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db.ts';
import { readPrismaSchema, type SchemaFacts, type SchemaField } from '../test/prisma-schema.ts';
import type { Database } from './client.ts';

// schema.prisma is read with a parser of Prisma's schema language; the database from its catalogue.
const schemaPath = fileURLToPath(new URL('../../../../prisma/schema.prisma', import.meta.url));

let dmmf: { datamodel: SchemaFacts };
let database: Database;

beforeAll(async () => {
  dmmf = { datamodel: readPrismaSchema(readFileSync(schemaPath, 'utf8')) };
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function pgType(field: SchemaField, enums: Map<string, string>): string {
  if (field.kind === 'enum') return `enum:${enums.get(field.type) ?? field.type}`;
  const native = field.nativeType?.[0];
  switch (field.type) {
    case 'Int':
      return 'integer';
    case 'BigInt':
      return 'bigint';
    case 'String':
      return native === 'VarChar' ? 'character varying' : native === 'Uuid' ? 'uuid' : 'text';
    case 'Boolean':
      return 'boolean';
    case 'Float':
      return 'double precision';
    case 'Decimal':
      return 'numeric';
    case 'Json':
      return native === 'Json' ? 'json' : 'jsonb';
    case 'Bytes':
      return 'bytea';
    case 'DateTime':
      return native === 'Date' ? 'date' : native === 'Timestamptz' ? 'timestamp with time zone' : 'timestamp without time zone';
    default:
      return `unknown:${field.type}`;
  }
}

describe('the migrated database matches schema.prisma', () => {
  it('has every enum with exactly its values', async () => {
    const rows = await database.raw.query<{ name: string; value: string }>(
      `SELECT t.typname AS name, e.enumlabel AS value FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid ORDER BY t.typname, e.enumsortorder`,
    );
    for (const en of dmmf.datamodel.enums) {
      const name = en.dbName ?? en.name;
      expect(
        rows.filter((r) => r.name === name).map((r) => r.value),
        `enum ${name}`,
      ).toEqual(en.values.map((v) => v.dbName ?? v.name));
    }
  });

  it('has every model as a table with every field as a column of the right type and nullability', async () => {
    const enums = new Map(dmmf.datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
    const cols = await database.raw.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    for (const model of dmmf.datamodel.models) {
      const table = model.dbName ?? model.name;
      for (const field of model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum')) {
        const column = field.dbName ?? field.name;
        const col = cols.find((c) => c.table_name === table && c.column_name === column);
        expect(col, `${table}.${column} exists`).toBeDefined();
        const actual = col!.data_type === 'USER-DEFINED' ? `enum:${col!.udt_name}` : col!.data_type;
        expect(actual, `${table}.${column} type`).toBe(pgType(field, enums));
        expect(col!.is_nullable === 'YES', `${table}.${column} nullable`).toBe(!field.isRequired);
      }
    }
  });

  it('has every id, unique and index that schema.prisma declares', async () => {
    const rows = await database.raw.query<{
      table_name: string;
      is_unique: boolean;
      is_primary: boolean;
      columns: string[];
      partial: boolean;
    }>(
      `SELECT t.relname AS table_name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary,
              (ix.indpred IS NOT NULL) AS partial,
              ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
         FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
        WHERE ns.nspname = current_schema()`,
    );
    const modelTable = new Map(dmmf.datamodel.models.map((m) => [m.name, m]));
    for (const index of dmmf.datamodel.indexes) {
      const model = modelTable.get(index.model)!;
      const table = model.dbName ?? model.name;
      const columns = index.fields.map((f) => model.fields.find((mf) => mf.name === f.name)?.dbName ?? f.name);
      const found = rows.find(
        (r) =>
          r.table_name === table &&
          !r.partial &&
          r.columns.join(',') === columns.join(',') &&
          (index.type === 'id' ? r.is_primary : index.type === 'unique' ? r.is_unique : true),
      );
      expect(found, `${index.type} on ${table}(${columns.join(', ')})`).toBeDefined();
    }
  });

  it('has a foreign key for every relation that holds its key', async () => {
    const rows = await database.raw.query<{ table_name: string; columns: string[]; ref_table: string }>(
      `SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS ref_table,
              ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns
         FROM pg_constraint c WHERE c.contype = 'f'`,
    );
    const unquote = (s: string) => s.replace(/^"|"$/g, '');
    const modelTable = new Map(dmmf.datamodel.models.map((m) => [m.name, m.dbName ?? m.name]));
    for (const model of dmmf.datamodel.models) {
      for (const field of model.fields.filter((f) => f.kind === 'object' && f.relationFromFields?.length)) {
        const table = model.dbName ?? model.name;
        const columns = field.relationFromFields!.map((n) => model.fields.find((mf) => mf.name === n)?.dbName ?? n);
        const found = rows.find(
          (r) =>
            unquote(r.table_name) === table &&
            r.columns.join(',') === columns.join(',') &&
            unquote(r.ref_table) === modelTable.get(field.type),
        );
        expect(found, `foreign key ${table}(${columns.join(', ')}) -> ${modelTable.get(field.type)}`).toBeDefined();
      }
    }
  });
});
