// Issue 34's proof against the independent implementation (proof/independent/: written from the
// documents alone, other valid choices, enrolled accounts, fees and stores only, no test triggers):
// 50 concurrent clients of one merchant through `conformance proxy` judge clean, every exchange
// counted once, and the recording judges clean again from its HAR (concurrent-proof.ts). Its 12
// enrolled accounts and stores are shared by the 50 clients, so creations on one account and lists
// of one store overlap far more than against the sandbox.
import { concurrentOnIndependent } from "../../proof/concurrent-traffic.js";
import { proveConcurrentTrafficClean } from "./concurrent-proof.js";

proveConcurrentTrafficClean("50 concurrent clients of one merchant through conformance proxy, in front of the independent implementation", () => concurrentOnIndependent({ clients: 50, rounds: 3, seed: 3401 }));
