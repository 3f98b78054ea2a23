// Tenants of the bank service: every `sk_test_<name>`/`pk_test_<name>` pair is its own data space,
// one SQLite database (one Store) each, so the handlers stay unaware of tenants and a tenant's
// reset or load never touches another's rows. A tenant is created by its first write (a read or a
// refusal of a new key makes nothing), and at most `maxTenants` exist besides the default one.
import { existsSync, mkdirSync, readdirSync } from "node:fs";
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

/** Tenants (besides the default one) a sandbox holds unless told otherwise (README, "Tenants"). */
export const defaultMaxTenants = 1_000;

export type TenantOptions = {
  /** File databases open at once (the least recently used is closed); default 64. */
  openLimit?: number;
  /** Tenants besides the default one that may exist; a key of a new tenant past it gets 401. Default 1,000. */
  maxTenants?: number;
  /** Where the lines about tenants go (created, refused); default nowhere. */
  log?: (line: string) => void;
};

export class Tenants {
  readonly defaultTenant: string;
  /** The default tenant: the configured keys, and the check cashing service (it has no keys). */
  readonly defaultStore: Store;
  readonly maxTenants: number;
  /**
   * What a tenant that does not exist yet reads, and where its first write is tried before the
   * tenant is created: an in-memory store nothing is ever committed to (trial() rolls back).
   */
  private readonly emptyStore: Store;
  /** Other tenants' open stores, least recently used first (a Map keeps insertion order). */
  private readonly stores = new Map<string, Store>();
  /** Tenants besides the default that exist (files on disk, or in-memory stores). */
  private existingCount: number;
  private readonly openLimit: number;
  private readonly log: (line: string) => void;
  private closed = false;

  constructor(
    private readonly keys: Keys,
    private readonly database: string,
    options: TenantOptions = {},
  ) {
    this.openLimit = options.openLimit ?? defaultOpenTenantLimit;
    this.maxTenants = options.maxTenants ?? defaultMaxTenants;
    if (!Number.isInteger(this.openLimit) || this.openLimit < 1) throw new Error("The open tenant limit must be a positive integer");
    if (!Number.isInteger(this.maxTenants) || this.maxTenants < 0) throw new Error("maxTenants must be a whole number, 0 or more");
    this.log = options.log ?? (() => undefined);
    this.defaultTenant = defaultTenantName(keys);
    // Startup may wait for another process creating the same file; nothing is served yet.
    this.defaultStore = new Store(database, { openWaitMs: 5_000 });
    this.emptyStore = new Store(":memory:");
    this.existingCount = this.countOnDisk();
  }

  /** The tenant and kind of a bearer key; undefined for a key that is neither configured nor of the pattern. */
  keyOf(key: string): TenantKey | undefined {
    // The configured pair first: custom keys need not follow the pattern.
    if (key === this.keys.secretKey) return { tenant: this.defaultTenant, kind: "secret" };
    if (key === this.keys.publishableKey) return { tenant: this.defaultTenant, kind: "publishable" };
    return tenantOfPattern(key);
  }

  /**
   * Whether requests of this tenant are served: it exists, or one more tenant fits under the cap
   * (it is created by its first write). A refusal is logged.
   */
  admits(tenant: string): boolean {
    if (this.exists(tenant) || this.existingCount < this.maxTenants) return true;
    // Another process may have removed tenant files (or made some): count again before refusing.
    this.existingCount = this.countOnDisk();
    if (this.existingCount < this.maxTenants) return true;
    this.log(`tenant "${tenant}" refused: the sandbox holds its maximum of ${this.maxTenants} tenants (--max-tenants)`);
    return false;
  }

  /** The store a request of this tenant reads: its own, or an empty one while the tenant does not exist. */
  reader(tenant: string): Store {
    return this.existingStore(tenant) ?? this.emptyStore;
  }

  /**
   * Runs `work` in one transaction of the tenant's store. A tenant that does not exist yet is
   * created only when `work` writes something: it is first tried on the empty store and rolled
   * back, so a refusal (nothing written) answers without a file or a store being made.
   */
  write<T>(tenant: string, work: (store: Store) => T): T {
    const existing = this.existingStore(tenant);
    if (existing !== undefined) return existing.transaction(() => work(existing));
    const trial = this.emptyStore.trial(() => work(this.emptyStore));
    if (!trial.wrote) return trial.value;
    const store = this.create(tenant);
    return store.transaction(() => work(store));
  }

  /** How many non-default tenant databases are open (for tests of the bound). */
  openCount(): number {
    return this.stores.size;
  }

  /** How many tenants besides the default one exist, as far as this process knows. */
  count(): number {
    return this.existingCount;
  }

  private fileOf(tenant: string): string {
    return join(tenantDirectory(this.database), tenantFileName(tenant));
  }

  private exists(tenant: string): boolean {
    if (tenant === this.defaultTenant || this.stores.has(tenant)) return true;
    return !isInMemory(this.database) && existsSync(this.fileOf(tenant));
  }

  /** Tenant files in `<database>.tenants/` (0 for in-memory tenants, which this process alone holds). */
  private countOnDisk(): number {
    if (isInMemory(this.database)) return this.stores.size;
    try {
      return readdirSync(tenantDirectory(this.database)).filter((name) => name.endsWith(".db")).length;
    } catch {
      return 0;
    }
  }

  /**
   * The store of a tenant that exists, opened on use; undefined for one that does not. With a file
   * database, opening one more than the limit closes the least recently used tenant's file; its
   * data stays in the file and is opened again when next asked for. In-memory tenants are never
   * closed before the sandbox: their data would be lost. A store must not be kept across an `await`.
   */
  private existingStore(tenant: string): Store | undefined {
    if (this.closed) throw new Error("The sandbox's tenants are closed");
    if (tenant === this.defaultTenant) return this.defaultStore;
    const open = this.stores.get(tenant);
    if (open !== undefined) {
      this.stores.delete(tenant);
      this.stores.set(tenant, open);
      return open;
    }
    if (isInMemory(this.database) || !existsSync(this.fileOf(tenant))) return undefined;
    return this.opened(tenant, new Store(this.fileOf(tenant), { create: false }));
  }

  /** Makes a new tenant's store (and file): only for its first write. */
  private create(tenant: string): Store {
    let store: Store;
    if (isInMemory(this.database)) {
      store = new Store(this.database);
    } else {
      mkdirSync(tenantDirectory(this.database), { recursive: true });
      store = new Store(this.fileOf(tenant));
    }
    this.existingCount += 1;
    this.log(`tenant "${tenant}" created (keys sk_test_${tenant} / pk_test_${tenant}): ${this.existingCount} of at most ${this.maxTenants}`);
    return this.opened(tenant, store);
  }

  private opened(tenant: string, store: Store): Store {
    if (!isInMemory(this.database) && this.stores.size >= this.openLimit) this.closeLeastRecentlyUsed();
    this.stores.set(tenant, store);
    return store;
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
    this.emptyStore.close();
  }
}
