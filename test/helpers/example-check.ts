// Lists every example of a document that does not validate against the schema it illustrates.
import type { OpenApiDocument } from "../../src/openapi/documents.js";
import { OpenApiValidator } from "../../src/openapi/validator.js";

export type ExampleFailure = { where: string; title: string; errors: string[] };
export type ExampleCount = { requests: number; responses: number };

type Media = { schema: unknown; examples?: Record<string, { value: unknown }> };

export function checkExamples(document: OpenApiDocument): { failures: ExampleFailure[]; counts: ExampleCount; missing: string[] } {
  const validator = new OpenApiValidator(document);
  const failures: ExampleFailure[] = [];
  const missing: string[] = [];
  const counts: ExampleCount = { requests: 0, responses: 0 };

  const checkMedia = (where: string, pointer: string, media: Media | undefined, kind: keyof ExampleCount) => {
    const examples = Object.entries(media?.examples ?? {});
    if (media && examples.length === 0) missing.push(where);
    for (const [title, example] of examples) {
      counts[kind] += 1;
      const result = validator.validate(`${pointer}/schema`, example.value);
      if (!result.valid) failures.push({ where, title, errors: result.errors.map((e) => `${e.path} ${e.message}`) });
    }
  };

  for (const { operation, pointer } of validator.operations) {
    const id = operation.operationId;
    checkMedia(`${id} request`, `${pointer}/requestBody/content/application~1json`, operation.requestBody?.content["application/json"], "requests");
    for (const [status, response] of Object.entries(operation.responses)) {
      checkMedia(`${id} ${status}`, `${pointer}/responses/${status}/content/application~1json`, response.content?.["application/json"], "responses");
    }
  }
  return { failures, counts, missing };
}
