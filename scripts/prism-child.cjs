// Runs Prism's own command line in this process, and ends it when the process that started it goes
// away. scripts/mock.mjs starts this file with an IPC channel: the channel closes whenever the
// parent ends, however it ends (Ctrl-C, SIGTERM, a crash, SIGKILL), so a Prism mock never outlives
// the script or test that started it, even when that one had no time to stop it.
//
//   node scripts/prism-child.cjs <prism entry> mock --host 127.0.0.1 --port 0 <document>
"use strict";

process.on("disconnect", () => process.exit(0));
// Prism (yargs) reads its arguments from process.argv: give it its own command line.
process.argv = [process.argv[0], ...process.argv.slice(2)];
require(process.argv[1]);
