// A tenant's sandbox settings (spec/sandbox-helpers/helpers.tsp, SandboxSettings), kept in the
// tenant's own store so that they follow the data they govern and a reset restores them.
import type { components } from "../../generated/types/sandbox-helpers.js";
import { centsOf, formatCents } from "../money.js";
import type { Store } from "../store.js";
import { defaultCaptureLimits, type CaptureLimits } from "../bank/intent-transitions.js";
import type { AuthorizationCode } from "../bank/authorization-codes.js";

export type { AuthorizationCode };

export type SettingsView = components["schemas"]["SandboxSettings"];
export type SettingsUpdate = components["schemas"]["SandboxSettingsUpdate"];

/** The settings in cents, as the rules use them. */
export type Settings = {
  creditLimitCents: number | null;
  captureLimits: CaptureLimits;
  nextAuthorizationCode: AuthorizationCode | null;
};

/** The defaults leave the public API as it is without helpers (the conformance oracle predicts it). */
export const defaultSettings: Settings = {
  creditLimitCents: null,
  captureLimits: defaultCaptureLimits,
  nextAuthorizationCode: null,
};

const settingName = "sandbox_settings";

export function readSettings(store: Store): Settings {
  return store.getSetting<Settings>(settingName) ?? defaultSettings;
}

export function writeSettings(store: Store, settings: Settings): void {
  store.setSetting(settingName, settings);
}

export function settingsView(settings: Settings): SettingsView {
  return {
    credit_limit: settings.creditLimitCents === null ? null : formatCents(settings.creditLimitCents),
    capture_adjustment_limit: formatCents(settings.captureLimits.adjustmentCents),
    capture_retries: settings.captureLimits.retries,
    next_authorization_code: settings.nextAuthorizationCode,
  };
}

/** Cents of a settings amount (`0` allowed, unlike request amounts); the schema already checked its form. */
function limitCents(text: string): number {
  return centsOf(text, 9) as number;
}

/** The settings after a validated update: members left out keep their value. */
export function updatedSettings(settings: Settings, update: SettingsUpdate): Settings {
  return {
    creditLimitCents:
      update.credit_limit === undefined ? settings.creditLimitCents : update.credit_limit === null ? null : limitCents(update.credit_limit),
    captureLimits: {
      adjustmentCents: update.capture_adjustment_limit === undefined ? settings.captureLimits.adjustmentCents : limitCents(update.capture_adjustment_limit),
      retries: update.capture_retries ?? settings.captureLimits.retries,
    },
    nextAuthorizationCode: update.next_authorization_code === undefined ? settings.nextAuthorizationCode : update.next_authorization_code,
  };
}

/**
 * Takes the arranged code of the next authorization, clearing it (one-shot). Call inside the
 * transaction that stores the authorization, so a refused request leaves it arranged.
 */
export function takeNextAuthorizationCode(store: Store): AuthorizationCode | null {
  const settings = readSettings(store);
  if (settings.nextAuthorizationCode === null) return null;
  writeSettings(store, { ...settings, nextAuthorizationCode: null });
  return settings.nextAuthorizationCode;
}
