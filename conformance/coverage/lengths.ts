// The length bounds of a request member as the published document states them: `minLength` and
// `maxLength`, or the repetition of a pattern made of one character class (`^[0-9]{6}$`,
// `^[A-Za-z0-9-]{4,20}$`), found through `$ref` and one-element `allOf`. Each bound comes with the
// pointer that states it, the rule a boundary check enforces.
import type { ServiceName } from "../../src/openapi/documents.js";
import { validatorFor } from "../../src/openapi/validator.js";

type Schema = Record<string, any>;

export type LengthBounds = {
  min: number;
  max: number;
  /** The character class of a one-class pattern (`[A-Za-z0-9-]`), for building values of any length. */
  characters?: string;
  /** `oas <service>#/components/schemas/...`: where the bounds are stated. */
  rule: string;
};

/** The member's schema and the pointer of the schema that carries its constraints. */
function locate(service: ServiceName, schemaName: string, path: string[]): { schema: Schema; pointer: string } | undefined {
  const document = validatorFor(service).document as Schema;
  let pointer = `#/components/schemas/${schemaName}`;
  let schema: Schema | undefined = document.components.schemas[schemaName];
  const follow = () => {
    for (let i = 0; i < 10 && schema; i += 1) {
      if (schema.$ref) {
        pointer = schema.$ref;
        schema = pointer.split("/").slice(1).reduce((node: Schema | undefined, key: string) => node?.[key], document);
      } else if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && !schema.maxLength && !schema.pattern) {
        pointer = `${pointer}/allOf/0`;
        schema = schema.allOf[0];
      } else break;
    }
  };
  follow();
  for (const member of path) {
    if (!schema?.properties?.[member]) return undefined;
    pointer = `${pointer}/properties/${member}`;
    schema = schema.properties[member];
    follow();
  }
  return schema ? { schema, pointer } : undefined;
}

export function lengthBounds(service: ServiceName, schemaName: string, path: string[]): LengthBounds | undefined {
  const found = locate(service, schemaName, path);
  if (!found) return undefined;
  const { schema, pointer } = found;
  const rule = (keyword: string) => `oas ${service}${pointer}/${keyword}`;
  if (typeof schema.maxLength === "number") return { min: schema.minLength ?? 0, max: schema.maxLength, rule: rule("maxLength") };
  const match = /^\^(\[[^\]]+\])\{(\d+)(?:,(\d+))?\}\$$/.exec(schema.pattern ?? "");
  if (!match) return undefined;
  return { min: Number(match[2]), max: Number(match[3] ?? match[2]), characters: match[1], rule: rule("pattern") };
}

/** A value of exactly `length` characters from a pattern's class, starting with `seed` (cut to fit). */
export function valueOfLength(bounds: LengthBounds, length: number, seed: string): string {
  const allowed = new RegExp(`^${bounds.characters ?? "."}$`);
  const fill = ["A", "a", "1", "x", "0"].find((c) => allowed.test(c)) ?? "A";
  const start = [...seed].filter((c) => allowed.test(c)).join("");
  return (start + fill.repeat(Math.max(0, length))).slice(0, length);
}
