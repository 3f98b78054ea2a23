// The settings helpers (read, change) and the reset of the key's tenant.
import { reply, type JsonReply } from "../http.js";
import { requireKey, type BankContext } from "../bank/context.js";
import { readSettings, settingsView, updatedSettings, writeSettings, type SettingsUpdate } from "./settings.js";
import { helperBody } from "./validation.js";

export function getSettings(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  return reply(200, { data: settingsView(readSettings(ctx.store)) });
}

export function updateSettings(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  const parsed = helperBody<SettingsUpdate>(ctx, "SandboxSettingsUpdate");
  if ("reply" in parsed) return parsed.reply;
  return ctx.write((store) => {
    const settings = updatedSettings(readSettings(store), parsed.value);
    writeSettings(store, settings);
    return reply(200, { data: settingsView(settings) });
  });
}

/** Deletes the tenant's intents, credits and bank account bindings; the settings return to their defaults. */
export function resetTenant(ctx: BankContext): JsonReply {
  const key = requireKey(ctx, "secret");
  if ("reply" in key) return key.reply;
  // A tenant that does not exist yet has nothing to delete: the reset creates no tenant.
  const removed = ctx.write((store) => store.clear());
  return reply(200, { data: { transaction_intents: removed.intents, credits: removed.credits } });
}
