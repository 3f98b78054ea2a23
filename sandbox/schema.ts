// The database schema of one tenant, in one place: the tables, the list filter columns beside each
// document with their indexes, the totals the triggers keep, and the migrations of older files.
// The Store (store.ts) imports this module; this module imports nothing of the Store.
//
// Lists stay flat as the data grows (issue 11): every list filter is a column beside the JSON
// document (written by the Store with the document) with an index on (column, seq), so a filtered
// page walks only its own index range in list order; and a totals table kept by triggers gives
// `total` for no filter, one filter or a kept pair without counting rows.
//
// Writes pay for every index a row enters (issue 17): each is one more page in the commit. So the
// indexes are partial (`WHERE column IS NOT NULL`: no filter value is NULL, so a row whose member is
// absent, such as a new intent's reference_id, enters no index for it), and new files drop
// AUTOINCREMENT (its sqlite_sequence row was one more page per insert; `seq` still grows with every
// insert, since SQLite takes the largest rowid plus one). Plain columns, not generated ones: a
// virtual generated column re-parses the document for every index and trigger that reads it.
import type Database from "better-sqlite3";

export type Table = "intents" | "credits";

/**
 * The schema version a current file records in `PRAGMA user_version`. A file at this version opens
 * without writing anything, so opening never waits for another process's write lock. Files of
 * earlier versions are brought up to date once, in one transaction:
 * - v1 (user_version 0, no totals table): documents only;
 * - v2 (user_version 0, totals table): filter columns with full indexes;
 * - v3: partial indexes.
 */
export const schemaVersion = 3;

/** Document member (a top-level JSON path, as a Filter names it) → its list column, for every filter of each list. */
export const listColumns: Record<Table, Record<string, string>> = {
  intents: {
    "$.status": "status",
    "$.type": "type",
    "$.reference_id": "reference_id",
    "$.store_number": "store_number",
    "$.submerchant_id": "submerchant_id",
  },
  credits: {
    "$.status": "status",
    "$.creditable_type": "creditable_type",
    "$.creditable_id": "creditable_id",
    "$.employee_number": "employee_number",
    "$.reference_number": "reference_number",
    "$.station_number": "station_number",
  },
};

/**
 * Filter pairs kept as one total with one composite index: the usual dashboard combination of each
 * list, both columns of few values. Any other combination of filters is counted (see Store.page).
 */
export const listPairs: Record<Table, Array<[string, string]>> = {
  intents: [["$.status", "$.type"]],
  credits: [["$.status", "$.creditable_type"]],
};

/** The totals member of a pair, and the index of a pair (its two columns, then `seq`). */
export function pairMember([first, second]: [string, string]): string {
  return `${first}&${second}`;
}

export function pairIndexName(table: Table, [first, second]: [string, string]): string {
  return `${table}_by_${columnOf(table, first)}_${columnOf(table, second)}`;
}

/** The member under which the totals table keeps a table's row count. */
export const allRows = "*";

export const totalsTable = "list_totals";

export function indexName(table: Table, column: string): string {
  return `${table}_by_${column}`;
}

/** The column of a filter's member; a member without one would scan, so it is refused outright. */
export function columnOf(table: Table, member: string): string {
  const column = listColumns[table][member];
  if (column === undefined) throw new Error(`no list index for ${table} ${member}: add it to listColumns`);
  return column;
}

/**
 * A document's filter values in listColumns order, as `json_extract(data, member)` gives them (the
 * migration fills old rows that way): strings and numbers as they are, booleans as 1/0, objects as
 * JSON text, a missing member as NULL.
 */
export function listValues(table: Table, document: unknown): Array<string | number | null> {
  const record = (typeof document === "object" && document !== null ? document : {}) as Record<string, unknown>;
  return Object.keys(listColumns[table]).map((member) => {
    const value = record[member.slice(2)];
    if (value === undefined || value === null) return null;
    if (typeof value === "string" || typeof value === "number") return value;
    if (typeof value === "boolean") return value ? 1 : 0;
    return JSON.stringify(value);
  });
}

// The filter columns are declared without a type on purpose: no affinity, so a value keeps its JSON
// type and compares exactly as the first version's `json_extract(data, ?) IN (...)` did (the string
// "7001" never equals the number 7001). The totals' `value` is untyped for the same reason.
function documentTable(table: Table): string {
  const columns = Object.values(listColumns[table]).join(", ");
  return `CREATE TABLE IF NOT EXISTS ${table} (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL, ${columns})`;
}

const otherTables = [
  "CREATE TABLE IF NOT EXISTS bank_accounts (id TEXT PRIMARY KEY, consumer_id TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS payroll_transactions (trx_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, outcome TEXT NOT NULL)",
  // The test helpers' settings (sandbox/helpers/settings.ts): one JSON value per name.
  "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
];

/** Each list index: its name, its columns (then `seq`), and the columns that must not be NULL to enter it. */
function listIndexes(table: Table): Array<{ name: string; columns: string[] }> {
  return [
    ...Object.values(listColumns[table]).map((column) => ({ name: indexName(table, column), columns: [column] })),
    ...listPairs[table].map((pair) => ({ name: pairIndexName(table, pair), columns: pair.map((member) => columnOf(table, member)) })),
  ];
}

function createIndexSql({ name, columns }: { name: string; columns: string[] }, table: Table): string {
  return `CREATE INDEX ${name} ON ${table} (${columns.join(", ")}, seq) WHERE ${columns.map((column) => `${column} IS NOT NULL`).join(" AND ")}`;
}

/** Adds the filter columns a v1 file lacks (filling them from the documents) and makes every list index partial. */
function ensureColumnsAndIndexes(db: Database.Database, table: Table): void {
  const present = new Set((db.pragma(`table_xinfo(${table})`) as Array<{ name: string }>).map((column) => column.name));
  const missing = Object.entries(listColumns[table]).filter(([, column]) => !present.has(column));
  for (const [, column] of missing) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
  if (missing.length > 0) {
    // Rows written before the column existed: one pass over the table, once.
    db.exec(`UPDATE ${table} SET ${missing.map(([member, column]) => `${column} = json_extract(data, '${member}')`).join(", ")}`);
  }
  const existing = new Map(
    (db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table) as Array<{ name: string; sql: string | null }>)
      .map((row) => [row.name, row.sql ?? ""]),
  );
  for (const index of listIndexes(table)) {
    const sql = createIndexSql(index, table);
    if (existing.get(index.name) === sql) continue;
    // A v2 full index (every row entered it) is rebuilt partial, once.
    if (existing.has(index.name)) db.exec(`DROP INDEX ${index.name}`);
    db.exec(sql);
  }
}

/** A row in SQL: a trigger's `NEW.` or `OLD.`, or "" for the table's own rows. */
type Row = "NEW." | "OLD." | "";

/**
 * What the totals count for a table: each filter's column, and each pair as the JSON array of its
 * two columns. A NULL is never counted: no filter value can match it.
 */
function countedMembers(table: Table): Array<{ member: string; value: (row: Row) => string; present: (row: Row) => string; changed: string }> {
  const single = Object.entries(listColumns[table]).map(([member, column]) => ({
    member,
    value: (row: Row) => `${row}${column}`,
    present: (row: Row) => `${row}${column} IS NOT NULL`,
    changed: `OLD.${column} IS NOT NEW.${column}`,
  }));
  const pairs = listPairs[table].map((pair) => {
    const [a, b] = pair.map((member) => columnOf(table, member));
    return {
      member: pairMember(pair),
      value: (row: Row) => `json_array(${row}${a}, ${row}${b})`,
      present: (row: Row) => `${row}${a} IS NOT NULL AND ${row}${b} IS NOT NULL`,
      changed: `(OLD.${a} IS NOT NEW.${a} OR OLD.${b} IS NOT NEW.${b})`,
    };
  });
  return [...single, ...pairs];
}

const bump = (table: Table, member: string, value: string, by: "+ 1" | "- 1", when: string) =>
  by === "+ 1"
    ? `INSERT INTO ${totalsTable} (tbl, member, value, n) SELECT '${table}', '${member}', ${value}, 1 WHERE ${when}
         ON CONFLICT (tbl, member, value) DO UPDATE SET n = n + 1;`
    : `UPDATE ${totalsTable} SET n = n - 1 WHERE tbl = '${table}' AND member = '${member}' AND value = ${value} AND ${when};`;

/** Triggers that move the totals with every insert, update (a status change moves one count) and delete. */
function addTotalsTriggers(db: Database.Database, table: Table): void {
  const counted = countedMembers(table);
  const onInsert = counted.map(({ member, value, present }) => bump(table, member, value("NEW."), "+ 1", present("NEW.")));
  const onDelete = counted.map(({ member, value, present }) => bump(table, member, value("OLD."), "- 1", present("OLD.")));
  const onUpdate = counted.flatMap(({ member, value, present, changed }) => [
    bump(table, member, value("OLD."), "- 1", `${present("OLD.")} AND ${changed}`),
    bump(table, member, value("NEW."), "+ 1", `${present("NEW.")} AND ${changed}`),
  ]);
  db.exec(`
    CREATE TRIGGER IF NOT EXISTS ${table}_totals_insert AFTER INSERT ON ${table} BEGIN
      ${bump(table, allRows, `'${allRows}'`, "+ 1", "true")}
      ${onInsert.join("\n      ")}
    END;
    CREATE TRIGGER IF NOT EXISTS ${table}_totals_update AFTER UPDATE ON ${table} BEGIN
      ${onUpdate.join("\n      ")}
    END;
    CREATE TRIGGER IF NOT EXISTS ${table}_totals_delete AFTER DELETE ON ${table} BEGIN
      ${bump(table, allRows, `'${allRows}'`, "- 1", "true")}
      ${onDelete.join("\n      ")}
    END;
  `);
}

/** Counts what is already stored (a first-version file, or a new empty one) into the totals. */
function fillTotals(db: Database.Database, table: Table): void {
  db.exec(`INSERT INTO ${totalsTable} (tbl, member, value, n) SELECT '${table}', '${allRows}', '${allRows}', COUNT(*) FROM ${table}`);
  for (const { member, value, present } of countedMembers(table)) {
    db.exec(`INSERT INTO ${totalsTable} (tbl, member, value, n)
      SELECT '${table}', '${member}', ${value("")}, COUNT(*) FROM ${table} WHERE ${present("")} GROUP BY ${value("")}`);
  }
}

function currentVersion(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/**
 * Gives the database the current schema. A current file is only read (no lock is taken); anything
 * else is migrated idempotently in one IMMEDIATE transaction: a crash midway leaves the file as it
 * was, and two processes opening one file migrate it once. Throws SQLITE_BUSY when another
 * connection holds the write lock and the connection's busy_timeout runs out.
 */
export function ensureSchema(db: Database.Database): void {
  if (currentVersion(db) === schemaVersion) return;
  db.transaction(() => {
    if (currentVersion(db) === schemaVersion) return;
    for (const table of Object.keys(listColumns) as Table[]) db.exec(documentTable(table));
    for (const sql of otherTables) db.exec(sql);
    const hadTotals = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(totalsTable) !== undefined;
    if (!hadTotals) {
      db.exec(`CREATE TABLE ${totalsTable} (tbl TEXT NOT NULL, member TEXT NOT NULL, value, n INTEGER NOT NULL, PRIMARY KEY (tbl, member, value)) WITHOUT ROWID`);
    }
    for (const table of Object.keys(listColumns) as Table[]) {
      ensureColumnsAndIndexes(db, table);
      if (!hadTotals) fillTotals(db, table);
      addTotalsTriggers(db, table);
    }
    db.pragma(`user_version = ${schemaVersion}`);
  }).immediate();
}
