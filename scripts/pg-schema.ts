import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteBoolean, type SQLiteColumn, type SQLiteTable, SQLiteTextJson, SQLiteTimestamp } from 'drizzle-orm/sqlite-core';
import { PostgresDialect } from '../api/db/pg/postgres-dialect.ts';
import { sqliteTables } from '../api/db/sqlite-tables.ts';

/**
 * Writes api/db/pg/schema.ts, the PostgreSQL twin of every SQLite table (api/db/schema*.ts), so the
 * two schemas cannot drift: `npm run db:generate` runs this before drizzle-kit makes the PostgreSQL
 * migration, and api/db/pg/dialect-parity.test.ts fails when the file is stale. Each column gets
 * PostgreSQL's own type for what it holds: a boolean column `boolean`, a time column (milliseconds in
 * SQLite) `timestamptz(3)`, a JSON column `jsonb`, other integers `bigint`, blobs `bytea`; SQL
 * defaults and index conditions are written as PostgresDialect writes them, so dialect-sql.ts's
 * fragments (a time column's default) get their PostgreSQL spelling (docs/decisions.md,
 * "Asynchronous data access on both databases").
 */

const dialect = new PostgresDialect();
const sqlText = (value: SQL) => dialect.sqlToQuery(value).sql;
const key = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Column ${name} is not a plain identifier`);
  return name;
};

/** A column's default as TypeScript source for the pg-core builder (a time's default is SQL: dialect-sql.ts currentTime). */
function literal(value: unknown, column: SQLiteColumn): string {
  if (is(column, SQLiteTextJson)) return JSON.stringify(value);
  if (is(column, SQLiteBoolean) && typeof value === 'boolean') return String(value);
  if (!is(column, SQLiteTimestamp) && (typeof value === 'number' || typeof value === 'string')) return JSON.stringify(value);
  throw new Error(`No PostgreSQL default for ${column.name}: ${String(value)}`);
}

function columnSource(column: SQLiteColumn, singleIntegerKey: boolean): string {
  const type = column.getSQLType();
  let source: string;
  if (is(column, SQLiteBoolean)) source = `boolean('${column.name}')`;
  else if (is(column, SQLiteTimestamp)) {
    if (column.mode !== 'timestamp_ms') throw new Error(`${column.name}: only millisecond times have a PostgreSQL twin`);
    source = `timestamp('${column.name}', { withTimezone: true, precision: 3 })`;
  } else if (is(column, SQLiteTextJson)) source = `jsonb('${column.name}')`;
  else if (type === 'integer') source = `bigint('${column.name}', { mode: 'number' })`;
  else if (type === 'text') source = `text('${column.name}')`;
  else if (type === 'real') source = `doublePrecision('${column.name}')`;
  else if (type === 'blob') source = `bytea('${column.name}')`;
  else if (type === 'numeric') source = `numeric('${column.name}')`;
  else throw new Error(`No PostgreSQL type for ${column.name}: ${type}`);
  if (column.primary) source += '.primaryKey()';
  // SQLite numbers an integer primary key itself when an insert leaves it out.
  if (column.primary && singleIntegerKey) source += '.generatedByDefaultAsIdentity()';
  if (column.notNull && !column.primary) source += '.notNull()';
  if (column.isUnique) source += `.unique(${column.uniqueName ? `'${column.uniqueName}'` : ''})`;
  if (column.hasDefault && column.default !== undefined) {
    source += is(column.default, SQL) ? `.default(sql\`${sqlText(column.default)}\`)` : `.default(${literal(column.default, column)})`;
  }
  return source;
}

function tableSource(constName: string, table: SQLiteTable): string {
  const config = getTableConfig(table);
  const columns = config.columns.map((column) => {
    const single = column.primary && column.getSQLType() === 'integer';
    return `    ${key(column.name)}: ${columnSource(column, single)},`;
  });
  const extras: string[] = [];
  const ref = (column: { name: string }) => `t.${column.name}`;
  for (const primary of config.primaryKeys) {
    extras.push(`primaryKey({ name: '${primary.getName()}', columns: [${primary.columns.map(ref).join(', ')}] })`);
  }
  for (const index of config.indexes) {
    const on = index.config.columns.map((column) => (is(column, SQL) ? `sql\`${sqlText(column)}\`` : ref(column as SQLiteColumn)));
    let source = `${index.config.unique ? 'uniqueIndex' : 'index'}('${index.config.name}').on(${on.join(', ')})`;
    if (index.config.where) source += `.where(sql\`${sqlText(index.config.where)}\`)`;
    extras.push(source);
  }
  for (const unique of config.uniqueConstraints) {
    extras.push(`unique('${unique.getName()}').on(${unique.columns.map(ref).join(', ')})`);
  }
  for (const foreign of config.foreignKeys) {
    const reference = foreign.reference();
    const target = tableConstNames.get(reference.foreignTable);
    if (!target) throw new Error(`${config.name} references a table outside the schema`);
    const self = reference.foreignTable === table;
    const columnsOf = (list: SQLiteColumn[], of: string) => list.map((column) => (self ? ref(column) : `${of}.${column.name}`));
    let source = `foreignKey({ name: '${foreign.getName()}', columns: [${reference.columns.map(ref).join(', ')}], foreignColumns: [${columnsOf(reference.foreignColumns, target).join(', ')}] })`;
    if (foreign.onDelete && foreign.onDelete !== 'no action') source += `.onDelete('${foreign.onDelete}')`;
    if (foreign.onUpdate && foreign.onUpdate !== 'no action') source += `.onUpdate('${foreign.onUpdate}')`;
    extras.push(source);
  }
  for (const constraint of config.checks) extras.push(`check('${constraint.name}', sql\`${sqlText(constraint.value)}\`)`);
  const tail = extras.length ? `,\n  (t) => [\n    ${extras.join(',\n    ')},\n  ]` : '';
  return `export const ${constName} = pgTable(\n  '${config.name}',\n  {\n${columns.join('\n')}\n  }${tail},\n);\n`;
}

const tableConstNames = new Map<SQLiteTable, string>();
for (const [name, table] of Object.entries(sqliteTables)) tableConstNames.set(table, name);

/** The source of api/db/pg/schema.ts for the current SQLite schema. */
export function pgSchemaSource(): string {
  const ordered = [...tableConstNames].sort(([a], [b]) => getTableName(a).localeCompare(getTableName(b)));
  const body = ordered.map(([table, name]) => tableSource(name, table)).join('\n');
  const builders = ['bigint', 'boolean', 'check', 'customType', 'doublePrecision', 'foreignKey', 'index', 'jsonb', 'numeric', 'pgTable', 'primaryKey', 'text', 'timestamp', 'unique', 'uniqueIndex'];
  const usesBytea = body.includes('bytea(');
  const used = builders.filter((name) => (name === 'customType' ? usesBytea : new RegExp(`(^|[^.\\w])${name}\\(`, 'm').test(body)));
  const header = [
    '// Generated by scripts/pg-schema.ts from api/db/schema*.ts: do not edit, run `npm run db:generate`.',
    ...(body.includes('sql`') ? ["import { sql } from 'drizzle-orm';"] : []),
    `import { ${used.join(', ')} } from 'drizzle-orm/pg-core';`,
    '',
    ...(usesBytea ? ["const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });", ''] : []),
  ];
  return `${header.join('\n')}\n${body}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(new URL('../api/db/pg/schema.ts', import.meta.url)), pgSchemaSource());
  console.log(`api/db/pg/schema.ts: ${tableConstNames.size} tables`);
}
