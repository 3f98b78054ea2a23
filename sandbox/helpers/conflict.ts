// The helpers' 409: the object is not in a status the helper acts on.
import { reply, type JsonReply } from "../http.js";

export function invalidState(message: string): JsonReply {
  return reply(409, { conflict: "invalid_state", message });
}
