// A reporter for Node's test runner (scripts/test.mjs adds it beside the TAP or spec one): the time
// each test file took, so a slow file is found by measurement (BENCHMARKS.md, "Test suite").
// For each file: `seconds`, the sum of its top-level tests' durations (they run one after another),
// and `span`, from its first event to its last as this process saw them (the file's wall time less
// its start-up and imports). Written as one JSON array when the run ends.
export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = performance.now();
    const entry = files.get(file) ?? { file, seconds: 0, first: now, last: now, tests: 0 };
    entry.last = now;
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0) {
      entry.seconds += (event.data.details?.duration_ms ?? 0) / 1000;
      entry.tests += 1;
    }
    files.set(file, entry);
  }
  const rows = [...files.values()].map(({ file, seconds, first, last, tests }) => ({ file, seconds: round(seconds), span: round((last - first) / 1000), tests }));
  yield `${JSON.stringify(rows.sort((a, b) => b.seconds - a.seconds), null, 1)}\n`;
}

const round = (value) => Math.round(value * 10) / 10;
