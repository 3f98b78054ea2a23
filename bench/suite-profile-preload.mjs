// Preloaded into every Node process of a profiled test run (bench/suite-profile.ts puts it in
// NODE_OPTIONS, where `--cpu-prof` is not allowed): V8's sampling profiler from the first line,
// and at exit the profile with the process's own CPU time and command line, into SUITE_PROFILE_DIR.
// A process ended by a signal (a Prism or a sandbox stopped with SIGTERM) writes nothing.
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.SUITE_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  // One sample every 10 ms, not V8's default 1 ms: the sampling thread's own CPU grows with a
  // process's wall time, and at 1 ms it was most of what a long, mostly idle process used.
  session.post("Profiler.setSamplingInterval", { interval: 10_000 });
  session.post("Profiler.start");
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    // On the main thread the inspector answers synchronously, so this runs before the process ends.
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      const seconds = (cpu.user + cpu.system) / 1e6;
      writeFileSync(join(dir, `${process.pid}.cpuprofile.json`), JSON.stringify({ argv: process.argv, cpuSeconds: seconds, profile: result.profile }));
    });
  });
}
