// Starts the Prism mocks of scripts/mock.mjs on free ports, for the client tests.
import { freePort, startMock, type RunningMock } from "../../scripts/mock.mjs";

export type { RunningMock };

export async function startMockOnFreePorts(): Promise<RunningMock> {
  return startMock({ bankPort: await freePort(), checkCashingPort: await freePort() });
}
