// Tenants of the bank service: every `sk_test_<name>`/`pk_test_<name>` pair is its own data space,
// one SQLite database (one Store) each, so the handlers stay unaware of tenants and a tenant's
// reset or load never touches another's rows.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { KeyKind, Keys } from "./auth.js";
import { Store } from "./store.js";

/** The tenant a key opens and which of the tenant's keys it is. */
export type TenantKey = { tenant: string; kind: KeyKind };

/** `sk_test_<name>` / `pk_test_<name>`; the name is 1 to 64 of `[A-Za-z0-9_-]`. */
const tenantKeyPattern = /^(sk|pk)_test_([A-Za-z0-9_-]{1,64})$/;

/** A long-lived shared sandbox may see many CI tenants: at most this many files stay open at once. */
export const defaultOpenTenantLimit = 64;

function tenantOfPattern(key: string): TenantKey | undefined {
  const match = tenantKeyPattern.exec(key);
  if (!match) return undefined;
  return { tenant: match[2], kind: match[1] === "sk" ? "secret" : "publishable" };
}

/**
 * The default tenant's name: `<name>` when the configured pair is `sk_test_<name>`/`pk_test_<name>`
 * (`sandbox` for the defaults), so that pattern keys of that name reach the same data. Any other
 * configured pair gives the empty name, which no pattern key can produce: only that pair reaches it.
 */
export function defaultTenantName(keys: Keys): string {
  const secret = tenantOfPattern(keys.secretKey);
  const publishable = tenantOfPattern(keys.publishableKey);
  const paired = secret?.kind === "secret" && publishable?.kind === "publishable" && secret.tenant === publishable.tenant;
  return paired ? secret.tenant : "";
}

/**
 * A tenant name as a file name that stays distinct on case-insensitive file systems (macOS,
 * Windows): each upper-case letter is written as `+` and the letter in lower case (`CI-1` is
 * `+c+i-1`); `+` never occurs in a name.
 */
export function tenantFileName(name: string): string {
  return `${name.replace(/[A-Z]/g, (letter) => `+${letter.toLowerCase()}`)}.db`;
}

/** Where a non-default tenant's database lives, beside the default one: `<database>.tenants/`. */
export function tenantDirectory(database: string): string {
  return `${database}.tenants`;
}

function isInMemory(database: string): boolean {
  // better-sqlite3 opens "" as a private temporary database: as lost on close as ":memory:".
  return database === ":memory:" || database === "";
}

export class Tenants {
  readonly defaultTenant: string;
  /** The default tenant: the configured keys, and the check cashing service (it has no keys). */
  readonly defaultStore: Store;
  /** Other tenants' open stores, least recently used first (a Map keeps insertion order). */
  private readonly stores = new Map<string, Store>();
  private closed = false;

  constructor(
    private readonly keys: Keys,
    private readonly database: string,
    private readonly openLimit = defaultOpenTenantLimit,
  ) {
    if (!Number.isInteger(openLimit) || openLimit < 1) throw new Error("The open tenant limit must be a positive integer");
    this.defaultTenant = defaultTenantName(keys);
    this.defaultStore = new Store(database);
  }

  /** The tenant and kind of a bearer key; undefined for a key that is neither configured nor of the pattern. */
  keyOf(key: string): TenantKey | undefined {
    // The configured pair first: custom keys need not follow the pattern.
    if (key === this.keys.secretKey) return { tenant: this.defaultTenant, kind: "secret" };
    if (key === this.keys.publishableKey) return { tenant: this.defaultTenant, kind: "publishable" };
    return tenantOfPattern(key);
  }

  /**
   * The tenant's store, opened (and created) on first use. With a file database, opening one more
   * than the limit closes the least recently used tenant's file; its data stays in the file and is
   * opened again when next asked for. In-memory tenants are never closed before the sandbox: their
   * data would be lost. The store must not be kept across an `await` (handlers are synchronous).
   */
  storeOf(tenant: string): Store {
    if (this.closed) throw new Error("The sandbox's tenants are closed");
    if (tenant === this.defaultTenant) return this.defaultStore;
    let store = this.stores.get(tenant);
    if (store !== undefined) {
      this.stores.delete(tenant);
      this.stores.set(tenant, store);
      return store;
    }
    if (isInMemory(this.database)) {
      store = new Store(this.database);
    } else {
      if (this.stores.size >= this.openLimit) this.closeLeastRecentlyUsed();
      const directory = tenantDirectory(this.database);
      mkdirSync(directory, { recursive: true });
      store = new Store(join(directory, tenantFileName(tenant)));
    }
    this.stores.set(tenant, store);
    return store;
  }

  /** How many non-default tenant databases are open (for tests of the bound). */
  openCount(): number {
    return this.stores.size;
  }

  private closeLeastRecentlyUsed(): void {
    const [oldest] = this.stores.keys();
    if (oldest === undefined) return;
    this.stores.get(oldest)?.close();
    this.stores.delete(oldest);
  }

  close(): void {
    this.closed = true;
    for (const store of this.stores.values()) store.close();
    this.stores.clear();
    this.defaultStore.close();
  }
}
