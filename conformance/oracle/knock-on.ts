// A knock-on failure: a difference inside an object another check created (left behind, then seen
// in a later list or read) names that check, so the report points at the check that left it
// rather than only at the one that happened to list it.
import type { Difference } from "./expect.js";
import type { Exchange } from "./exchange.js";
import type { ServiceModel } from "./prediction.js";

/** The identifier of the object a difference's path lies in: a list item (`data[i]`) or the one object (`data`). */
function objectIdAt(path: string, body: unknown): unknown {
  const data = (body as { data?: unknown } | undefined)?.data;
  const item = /^data\[(\d+)\]/.exec(path);
  if (item) return Array.isArray(data) ? (data[Number(item[1])] as { id?: unknown } | undefined)?.id : undefined;
  return path.startsWith("data.") && !Array.isArray(data) ? (data as { id?: unknown } | undefined)?.id : undefined;
}

/** The differences, each inside an object another check created marked with that check. */
export function nameCreators(differences: Difference[], exchange: Exchange, model: ServiceModel): Difference[] {
  if (!model.creatorOf || exchange.check === undefined) return differences;
  return differences.map((difference) => {
    const id = objectIdAt(difference.path, exchange.responseBody);
    const creator = typeof id === "string" ? model.creatorOf!(id) : undefined;
    return creator !== undefined && creator !== exchange.check ? { ...difference, leftBy: creator } : difference;
  });
}
