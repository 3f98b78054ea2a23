// Starts the Prism mocks of scripts/mock.mjs on ports the OS picks, for the client tests.
import { startMock, type RunningMock } from "../../scripts/mock.mjs";

export type { RunningMock };

export function startMockOnFreePorts(): Promise<RunningMock> {
  return startMock({ bankPort: 0, checkCashingPort: 0 });
}
