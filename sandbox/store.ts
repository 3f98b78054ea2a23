// SQLite persistence (better-sqlite3). Resources are stored as JSON documents, one table per kind,
// ordered by insertion; list filters read the documents' members with json_extract.
// better-sqlite3 is synchronous, and every state change runs inside one IMMEDIATE transaction, so
// a read-check-write on one resource can never interleave with another request.
import Database from "better-sqlite3";

export type Table = "intents" | "credits";

/**
 * How long SQLite itself waits for another connection's write lock. Short, because the wait blocks
 * the event loop; longer waits are asynchronous pauses between retries (busy-retry.ts).
 */
export const busyTimeoutMs = 10;

/** A list filter: the document member (JSON path such as `$.status`) equals one of the values. */
export type Filter = { member: string; values: Array<string | number> };

export class Store {
  private readonly db: Database.Database;
  /** Prepared statements by SQL text: preparing on every call cost about 8 µs a request (bench/). */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(file: string) {
    this.db = new Database(file);
    if (file !== ":memory:") this.db.pragma("journal_mode = WAL");
    // Opening may wait for another process creating the tables; serving never waits this long.
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS intents (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS credits (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS bank_accounts (id TEXT PRIMARY KEY, consumer_id TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS payroll_transactions (trx_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, outcome TEXT NOT NULL);
    `);
    // The test helpers' settings (sandbox/helpers/settings.ts): one JSON value per name.
    this.db.exec("CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
    this.db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  }

  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** Runs `work` atomically (BEGIN IMMEDIATE): all of its writes happen, or none. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  get<T>(table: Table, id: string): T | undefined {
    const row = this.sql(`SELECT data FROM ${table} WHERE id = ?`).get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  insert(table: Table, id: string, data: unknown): void {
    this.sql(`INSERT INTO ${table} (id, data) VALUES (?, ?)`).run(id, JSON.stringify(data));
  }

  update(table: Table, id: string, data: unknown): void {
    const { changes } = this.sql(`UPDATE ${table} SET data = ? WHERE id = ?`).run(JSON.stringify(data), id);
    if (changes !== 1) throw new Error(`update of unknown ${table} ${id}`);
  }

  /** One page of a table, newest first, and the number of matching documents. */
  page<T>(table: Table, filters: Filter[], limit: number, offset: number): { total: number; rows: T[] } {
    const clauses: string[] = [];
    const params: Array<string | number> = [];
    for (const { member, values } of filters) {
      clauses.push(`json_extract(data, ?) IN (${values.map(() => "?").join(", ")})`);
      params.push(member, ...values);
    }
    const where = clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
    return this.db.transaction(() => {
      const { total } = this.sql(`SELECT COUNT(*) AS total FROM ${table} ${where}`).get(...params) as { total: number };
      const rows = this
        .sql(`SELECT data FROM ${table} ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`)
        .all(...params, limit, offset) as Array<{ data: string }>;
      return { total, rows: rows.map((row) => JSON.parse(row.data) as T) };
    })();
  }

  count(table: Table): number {
    return (this.sql(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  }

  /** The consumer a bank account belongs to, binding it to `consumerId` on first use. */
  bindBankAccount(bankAccountId: string, consumerId: string): string {
    this.sql("INSERT OR IGNORE INTO bank_accounts (id, consumer_id) VALUES (?, ?)").run(bankAccountId, consumerId);
    return (this.sql("SELECT consumer_id FROM bank_accounts WHERE id = ?").get(bankAccountId) as { consumer_id: string }).consumer_id;
  }

  ownerOfBankAccount(bankAccountId: string): string | undefined {
    const row = this.sql("SELECT consumer_id FROM bank_accounts WHERE id = ?").get(bankAccountId) as { consumer_id: string } | undefined;
    return row?.consumer_id;
  }

  /** Records a payroll trxID; false when it was used before. */
  claimTrxId(trxId: string, outcome: string, createdAt: string): boolean {
    return this.sql("INSERT OR IGNORE INTO payroll_transactions (trx_id, created_at, outcome) VALUES (?, ?, ?)").run(trxId, createdAt, outcome).changes === 1;
  }

  payrollCount(): number {
    return (this.sql("SELECT COUNT(*) AS n FROM payroll_transactions").get() as { n: number }).n;
  }

  /** A stored setting, or undefined when it was never set (or reset). */
  getSetting<T>(name: string): T | undefined {
    const row = this.sql("SELECT value FROM settings WHERE name = ?").get(name) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  setSetting(name: string, value: unknown): void {
    this.sql("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(name, JSON.stringify(value));
  }

  /**
   * The reset helper: deletes the intents, credits, bank account bindings and settings of this
   * store (payroll trxIDs are the check cashing service's and stay), atomically.
   */
  clear(): { intents: number; credits: number } {
    return this.transaction(() => {
      const intents = this.sql("DELETE FROM intents").run().changes;
      const credits = this.sql("DELETE FROM credits").run().changes;
      this.sql("DELETE FROM bank_accounts").run();
      this.sql("DELETE FROM settings").run();
      return { intents, credits };
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
