// A reporter for Node's test runner (scripts/test.mjs adds it beside the TAP or spec one): the time
// each test file took, so a slow file is found by measurement (BENCHMARKS.md, "Test suite").
// For each file: `seconds`, the sum of its top-level tests' durations (they run one after another;
// the file's start-up and imports are not in it) and `tests`, how many. Written as one JSON array
// when the run ends.
export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const entry = files.get(file) ?? { file, seconds: 0, tests: 0 };
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0) {
      entry.seconds += (event.data.details?.duration_ms ?? 0) / 1000;
      entry.tests += 1;
    }
    files.set(file, entry);
  }
  const rows = [...files.values()].map(({ file, seconds, tests }) => ({ file, seconds: round(seconds), tests }));
  yield `${JSON.stringify(rows.sort((a, b) => b.seconds - a.seconds), null, 1)}\n`;
}

const round = (value) => Math.round(value * 10) / 10;
