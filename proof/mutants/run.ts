// The suite's proof of itself, in one harness and one run: against a real implementation behind a
// proxy, the suite must pass a pass-through control, fail every mutant (a fault) and pass every
// variant (another valid server). A mutant's kill counts only when a failed check saw a response
// the mutant changed (the proxy marks it, the suite's client records the mark); a run that failed
// otherwise (an exception, a preflight failure even on a marked response, the proxy's own 502, the
// suite's over-strictness) is reported as such. A "sequences only" mutant must survive the scenarios and Dredd run without
// sequences, then fall to the generated sequences.
import type { ServiceName } from "../../src/openapi/documents.js";
import { sandboxFixtures, type Fixtures } from "../../conformance/fixtures-file.js";
import { primaryRule } from "../../conformance/rules.js";
import { runConformance } from "../../conformance/runner.js";
import type { CheckResult, ConformanceResult, Layer, SequenceOptions } from "../../conformance/types.js";
import type { Variant } from "../variants/variant.js";
import { startProxy, type Mutant, type Transformation } from "./proxy.js";

export type Implementation = { bankUrl: string; checkCashingUrl: string; secretKey: string; publishableKey: string };

/** A failed check of a run, and whether it saw a response the proxy changed. */
export type Failure = { layer: CheckResult["layer"]; name: string; rule?: string; reason: string; marked: boolean };

export type MutantVerdict = "killed" | "survived" | "failed for another reason";

export type MutantOutcome = {
  id: string;
  fault: string;
  service: ServiceName;
  class: Mutant["class"];
  verdict: MutantVerdict;
  /** Responses the mutant changed during its runs. */
  fired: number;
  /** Layer of the first failed check that saw a changed response. */
  killedBy?: CheckResult["layer"];
  /** "sequences only": whether the scenarios and Dredd, run without sequences, passed. */
  survivedWithoutSequences?: boolean;
  failures: Failure[];
  durationMs: number;
};

/** One service's run of a variant (or of the control). */
export type ServiceRun = { service: ServiceName; passed: boolean; fired: number; failures: Failure[]; durationMs: number };

export type VariantOutcome = { id: string; kind: Variant["kind"] | "control"; change: string; passed: boolean; fired: number; runs: ServiceRun[] };

export type ProofOptions = {
  mutants?: Mutant[];
  variants?: Variant[];
  /** Run the pass-through control on both services (default true). */
  control?: boolean;
  /** Runs at a time (default 3). */
  concurrency?: number;
  /** The seed of every generated sequence of the run. */
  seed: number;
  /** Generated sequences a mutant tries before anything else: most fall to the first few (default 8). */
  probeRuns?: number;
  /** Generated sequences of a variant's run (and the control's); the rest of the suite runs whole (default 10). */
  variantRuns?: number;
  /** The layers of a variant's run (default Dredd, the scenarios and the sequences; bench/flake.ts runs the sequences alone). */
  variantLayers?: Layer[];
  /** The fixtures of a mutant run without triggers, as implementers run the suite (default: the sandbox's own, which name what its triggers promise). */
  fixtures?: Fixtures;
  /** Called with each finished mutant or variant (progress output). */
  onOutcome?(outcome: MutantOutcome | VariantOutcome): void;
};

export type ProofResult = { control?: VariantOutcome; mutants: MutantOutcome[]; variants: VariantOutcome[]; durationMs: number };

const failuresOf = (result: Pick<ConformanceResult, "checks"> | undefined): Failure[] =>
  (result?.checks ?? []).filter((check) => check.outcome === "failed").map((check) => ({
    layer: check.layer, name: check.name, rule: primaryRule(check), reason: (check.reason ?? "").slice(0, 1500), marked: (check.marks ?? []).length > 0,
  }));

/** A kill: a failed check of a layer that judges behaviour, which saw a response the proxy changed. */
const isKill = (failure: Failure) => failure.marked && failure.layer !== "preflight";

const thrown = (error: unknown): Failure => ({ layer: "preflight", name: "the run", reason: `the run threw: ${(error as Error)?.stack ?? error}`, marked: false });

type RunRequest = {
  layers: Layer[]; sequences: SequenceOptions; failFast: boolean; keys?: { secretKey: string; publishableKey: string }; settings?: Variant["settings"]; triggers?: boolean; fixtures?: Fixtures;
  /** Ends the run at the first kill: what a mutant's verdict needs is one (false alarms before it are still reported). */
  stopAtKill?: boolean;
};

/** Runs the suite once against a proxy in front of the implementation; failures instead of an exception. */
async function runThrough(target: Implementation, service: ServiceName, proxyUrl: string, request: RunRequest): Promise<{ ok: boolean; failures: Failure[] }> {
  const kill = new AbortController();
  try {
    const result = await runConformance({
      ...(request.stopAtKill ? { signal: kill.signal, onCheck: (check: CheckResult) => { if (failuresOf({ checks: [check] }).some(isKill)) kill.abort("a kill"); } } : {}),
      service, baseUrl: proxyUrl, secretKey: request.keys?.secretKey ?? target.secretKey, publishableKey: request.keys?.publishableKey ?? target.publishableKey,
      profile: "full", failFast: request.failFast, layers: request.layers, sequences: request.sequences,
      settings: request.settings, triggers: request.triggers, fixtures: request.fixtures,
    });
    return { ok: result.ok, failures: failuresOf(result) };
  } catch (error) {
    return { ok: false, failures: [thrown(error)] };
  }
}

const upstreamOf = (target: Implementation, service: ServiceName) => (service === "bank-payments" ? target.bankUrl : target.checkCashingUrl);

async function withProxy<T>(transformation: Transformation, target: Implementation, service: ServiceName, keys: { secretKey: string; publishableKey: string }, use: (url: string, fired: () => number) => Promise<T>): Promise<T> {
  const proxy = await startProxy(transformation, upstreamOf(target, service), keys);
  try {
    return await use(proxy.url, proxy.fired);
  } finally {
    await proxy.close();
  }
}

async function judgeMutant(mutant: Mutant, target: Implementation, options: ProofOptions): Promise<MutantOutcome> {
  const started = Date.now();
  const keys = { secretKey: target.secretKey, publishableKey: target.publishableKey };
  return withProxy(mutant, target, mutant.service, keys, async (url, fired) => {
    // Told the sandbox's own submerchant policy (B-47), so the check that needs it runs.
    // Without triggers, told what the sandbox promises instead (its fixtures), as an implementer would be.
    const fixtures = mutant.triggers === false ? options.fixtures ?? sandboxFixtures() : undefined;
    // A kill needs a failing sequence seen, not its shortest form: no shrinking (test/conformance/
    // mutants.test.ts proves the shrinking itself once, on one mutant).
    const run = (layers: Layer[], sequences: SequenceOptions, failFast = true) =>
      runThrough(target, mutant.service, url, { layers, sequences: { ...sequences, noShrink: true }, failFast, stopAtKill: true, settings: { linked_credit_submerchant_id: "prohibited" }, triggers: mutant.triggers, fixtures });
    // The preflight only says whether the run can start: its failure is never a kill, and it must
    // not stop the layers that can make one (they run when the service answered and took the keys).
    const kills = (found: Failure[]) => found.some(isKill);
    const preflightFailed = (found: Failure[]) => found.some((f) => f.layer === "preflight");
    const failures: Failure[] = [];
    let survivedWithoutSequences: boolean | undefined;
    if (mutant.deterministic) {
      // Killed without the generated sequences, or not at all; the coverage first, where most of them fall.
      failures.push(...(await run(["coverage", "scenarios", "dredd"], { seed: options.seed }, false)).failures);
    } else if (mutant.class === "sequences only") {
      // Proved, not assumed: the scenarios and Dredd pass, then the sequences kill it.
      const without = await run(["scenarios", "dredd"], { seed: options.seed }, false);
      // Survived = not killed there: a failure without the mutant's mark is no kill (the control run
      // in the same proof is where a false alarm shows).
      survivedWithoutSequences = !kills(without.failures);
      failures.push(...without.failures);
      failures.push(...(await run(["sequences"], { seed: options.seed }, false)).failures);
    } else {
      const probe = await run(["sequences"], { seed: options.seed, runs: options.probeRuns ?? 8 }, false);
      failures.push(...probe.failures);
      const whole = () => run(["scenarios", "sequences", "dredd"], { seed: options.seed }, !preflightFailed(failures));
      if (!kills(failures)) failures.push(...(await whole()).failures);
      // Stopped by a preflight failure (the shared implementation's first page changed meanwhile): once more, to the end.
      if (!kills(failures) && preflightFailed(failures)) failures.push(...(await whole()).failures);
    }
    // An evidence check (the job never seen) carries no mark; it kills a mutant that changed responses,
    // since the control, unchanged, passes it.
    const killer = failures.find(isKill) ?? (fired() > 0 ? failures.find((f) => f.layer === "evidence") : undefined);
    const verdict: MutantVerdict = killer ? "killed" : failures.length > 0 ? "failed for another reason" : "survived";
    return {
      id: mutant.id, fault: mutant.fault, service: mutant.service, class: mutant.class, verdict, fired: fired(),
      killedBy: killer?.layer, survivedWithoutSequences, failures, durationMs: Date.now() - started,
    };
  });
}

/** The keys of a tenant of the variant's own (`sk_test_<name>` keys open one on the sandbox). */
function tenantKeys(id: string) {
  return { secretKey: `sk_test_v-${id}`, publishableKey: `pk_test_v-${id}` };
}

async function configureTenant(target: Implementation, keys: { secretKey: string }, settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${target.bankUrl}/_sandbox/settings`, {
    method: "PATCH", headers: { Authorization: `Bearer ${keys.secretKey}`, "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(settings),
  });
  if (response.status !== 200) throw new Error(`sandbox settings ${JSON.stringify(settings)}: ${response.status} ${await response.text()}`);
}

type Configured = Transformation & Pick<Variant, "settings" | "sandboxSettings" | "coverage" | "triggers">;

async function judgeVariantRun(variant: Configured, service: ServiceName, target: Implementation, options: ProofOptions): Promise<ServiceRun> {
  const started = Date.now();
  const keys = variant.sandboxSettings ? tenantKeys(variant.id) : { secretKey: target.secretKey, publishableKey: target.publishableKey };
  if (variant.sandboxSettings) await configureTenant(target, keys, variant.sandboxSettings);
  return withProxy(variant, target, service, keys, async (url, fired) => {
    const run = await runThrough(target, service, url, {
      layers: options.variantLayers ?? ["dredd", "scenarios", ...(variant.coverage ? (["coverage"] as const) : []), "sequences"], sequences: { seed: options.seed, runs: options.variantRuns ?? 10, noShrink: true },
      failFast: false, keys, settings: variant.settings, triggers: variant.triggers,
    });
    return { service, passed: run.ok, fired: fired(), failures: run.failures, durationMs: Date.now() - started };
  });
}

const combine = (id: string, kind: VariantOutcome["kind"], change: string, runs: ServiceRun[]): VariantOutcome => ({
  id, kind, change, runs, passed: runs.every((r) => r.passed), fired: runs.reduce((sum, r) => sum + r.fired, 0),
});

/** Runs the control, the mutants and the variants, a few runs at a time, all against one implementation. */
export async function runProof(target: Implementation, options: ProofOptions): Promise<ProofResult> {
  const started = Date.now();
  const mutants = options.mutants ?? (await import("./catalog.js")).mutants;
  const variants = options.variants ?? (await import("../variants/catalog.js")).variants;
  const passThrough: Transformation = { id: "control" };
  const variantRuns = new Map<string, ServiceRun[]>();
  const mutantOutcomes = new Map<string, MutantOutcome>();
  type Job = () => Promise<void>;
  const finishVariant = (id: string, kind: VariantOutcome["kind"], change: string, services: ServiceName[]) => {
    const runs = variantRuns.get(id) ?? [];
    if (runs.length === services.length) options.onOutcome?.(combine(id, kind, change, runs));
  };
  const variantJob = (variant: Configured, kind: VariantOutcome["kind"], change: string, services: ServiceName[], service: ServiceName): Job => async () => {
    const run = await judgeVariantRun(variant, service, target, options);
    variantRuns.set(variant.id, [...(variantRuns.get(variant.id) ?? []), run]);
    finishVariant(variant.id, kind, change, services);
  };
  // The longest runs first, so that the pool ends together.
  const jobs: Job[] = [
    ...(options.control === false ? [] : (["bank-payments", "check-cashing"] as const).map((service) =>
      variantJob(passThrough, "control", "nothing (pass-through)", ["bank-payments", "check-cashing"], service))),
    ...variants.flatMap((variant) => variant.services.map((service) => variantJob(variant, variant.kind, variant.change, variant.services, service))),
    ...mutants.map((mutant): Job => async () => {
      const outcome = await judgeMutant(mutant, target, options);
      mutantOutcomes.set(mutant.id, outcome);
      options.onOutcome?.(outcome);
    }),
  ];
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 3 }, worker));
  const serviceOrder = (runs: ServiceRun[]) => [...runs].sort((a, b) => a.service.localeCompare(b.service));
  const variantOutcome = (id: string, kind: VariantOutcome["kind"], change: string) => combine(id, kind, change, serviceOrder(variantRuns.get(id) ?? []));
  return {
    control: options.control === false ? undefined : variantOutcome("control", "control", "nothing (pass-through)"),
    mutants: mutants.map((mutant) => mutantOutcomes.get(mutant.id)!),
    variants: variants.map((variant) => variantOutcome(variant.id, variant.kind, variant.change)),
    durationMs: Date.now() - started,
  };
}
