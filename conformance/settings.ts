// What the documents leave to a server's configuration, told to the suite (`--settings FILE`,
// `--setting NAME=VALUE`). Names are the sandbox helpers' where they exist (its settings document,
// generated/openapi/sandbox-helpers.yaml). A check that depends on a setting the suite was not told
// and that has no contract default is skipped with the reason, never failed.

/** A linked credit's `submerchant_id` "depends on client settings" (bank doc 4.6). */
export const submerchantPolicies = ["prohibited", "accepted", "required"] as const;
export type SubmerchantPolicy = (typeof submerchantPolicies)[number];

export type SuiteSettings = {
  /** How far a capture may exceed the amount authorized before code 78 (decimal string). */
  capture_adjustment_limit: string;
  /** Captures refused over the limit (code 78) before the next fails the intent (code 79). */
  capture_retries: number;
  /** Credits above this amount are refused with code 74 (decimal string), or `none`. */
  credit_limit: string;
  /** What a linked credit's `submerchant_id` meets; `unknown`: every reading passes. */
  linked_credit_submerchant_id: SubmerchantPolicy | "unknown";
  /** Page size when `per_page` is not sent. */
  per_page_default: number;
  /** Largest `per_page` accepted (one more gets 422). */
  per_page_max: number;
};

/** The contract's defaults (spec doc comments; docs/contract-decisions.md). */
export const defaultSettings: SuiteSettings = {
  capture_adjustment_limit: "0.00",
  capture_retries: 3,
  credit_limit: "none",
  linked_credit_submerchant_id: "unknown",
  per_page_default: 15,
  per_page_max: 100,
};

export const settingNames = Object.keys(defaultSettings) as Array<keyof SuiteSettings>;

const decimal = /^\d{1,9}(\.\d{1,2})?$/;

/** One setting's value from text (a CLI `NAME=VALUE`) or JSON (a settings file), checked. */
function settingValue(name: keyof SuiteSettings, raw: unknown): SuiteSettings[keyof SuiteSettings] {
  const text = typeof raw === "number" ? String(raw) : raw;
  if (typeof text !== "string") throw new Error(`setting ${name}: expected a string or a number, got ${JSON.stringify(raw)}`);
  switch (name) {
    case "capture_adjustment_limit":
      if (!decimal.test(text)) throw new Error(`setting ${name}: expected an amount such as 0.00 or 5.00, got ${JSON.stringify(raw)}`);
      return text;
    case "credit_limit":
      if (text !== "none" && !decimal.test(text)) throw new Error(`setting ${name}: expected an amount such as 500.00, or none, got ${JSON.stringify(raw)}`);
      return text;
    case "linked_credit_submerchant_id":
      if (![...submerchantPolicies, "unknown"].includes(text)) {
        throw new Error(`setting ${name}: expected one of ${[...submerchantPolicies, "unknown"].join(", ")}, got ${JSON.stringify(raw)}`);
      }
      return text as SubmerchantPolicy | "unknown";
    case "capture_retries":
    case "per_page_default":
    case "per_page_max": {
      if (!/^\d{1,6}$/.test(text) || (name !== "capture_retries" && Number(text) < 1)) {
        throw new Error(`setting ${name}: expected a whole number${name === "capture_retries" ? "" : " of at least 1"}, got ${JSON.stringify(raw)}`);
      }
      return Number(text);
    }
  }
}

/** Settings from a JSON object (a settings file) and `NAME=VALUE` pairs (which win), over the defaults. */
export function readSettings(file: Record<string, unknown> = {}, pairs: string[] = []): SuiteSettings {
  const given: Array<[string, unknown]> = Object.entries(file);
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new Error(`--setting takes NAME=VALUE, got ${JSON.stringify(pair)}`);
    given.push([pair.slice(0, at), pair.slice(at + 1)]);
  }
  const settings: SuiteSettings = { ...defaultSettings };
  for (const [name, raw] of given) {
    if (!(settingNames as string[]).includes(name)) {
      throw new Error(`unknown setting ${JSON.stringify(name)}; known settings: ${settingNames.join(", ")}`);
    }
    (settings as Record<string, unknown>)[name] = settingValue(name as keyof SuiteSettings, raw);
  }
  if (settings.per_page_default > settings.per_page_max) {
    throw new Error(`setting per_page_default (${settings.per_page_default}) is above per_page_max (${settings.per_page_max})`);
  }
  return settings;
}

/** Cents of a decimal setting; undefined for `none`. */
export function settingCents(value: string): number | undefined {
  if (value === "none") return undefined;
  const [whole, part = ""] = value.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

/** The settings that differ from the defaults, as `--setting` arguments (for reproductions). */
export function settingArguments(settings: SuiteSettings): string[] {
  return settingNames.filter((name) => settings[name] !== defaultSettings[name]).map((name) => `--setting ${name}=${settings[name]}`);
}
