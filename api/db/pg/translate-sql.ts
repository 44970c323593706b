/**
 * SQLite's SQL as the app writes it, made PostgreSQL's: `?` and `?N` placeholders become `$N`, named
 * ones (`@x`, `:x`, `$x`) become positions (their names returned in order), and a camelCase alias
 * (`owner_id AS ownerId`) is quoted, since PostgreSQL folds unquoted names to lower case where
 * SQLite keeps them, and a conflict target's columns lose their table name. Quoted strings, quoted identifiers and comments are left as they are.
 */
export function translateSql(sql: string): { text: string; names: string[] } {
  const names: string[] = [];
  let out = '';
  let position = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = closing(sql, i, c);
      out += c === '`' ? `"${sql.slice(i + 1, end - 1)}"` : sql.slice(i, end);
      i = end;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '?') {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0] ?? '';
      out += digits ? `$${digits}` : `$${++position}`;
      i += 1 + digits.length;
    } else if ((c === '@' || c === ':' || c === '$') && /[A-Za-z_]/.test(sql[i + 1] ?? '') && !(c === ':' && sql[i - 1] === ':')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      let index = names.indexOf(name);
      if (index === -1) index = names.push(name) - 1;
      out += `$${index + 1}`;
      i += 1 + name.length;
    } else if (/[Aa]/.test(c) && /^as\s+[A-Za-z_][A-Za-z0-9_]*/i.test(sql.slice(i, i + 80)) && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
      const match = /^(as\s+)([A-Za-z_][A-Za-z0-9_]*)/i.exec(sql.slice(i))!;
      const alias = match[2]!;
      out += match[1] + (/[a-z]/.test(alias) && /[A-Z]/.test(alias) ? `"${alias}"` : alias);
      i += match[0].length;
    } else {
      out += c;
      i++;
    }
  }
  // drizzle's SQLite dialect names a conflict target's columns with their table, which PostgreSQL refuses.
  out = out.replace(/on conflict \(([^)]*)\)/gi, (target: string, columns: string) => target.replace(columns, columns.replace(/"[^"]+"\."/g, '"')));
  return { text: out, names };
}

function closing(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}
