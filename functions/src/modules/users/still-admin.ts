import type { Principal } from "../../lib/auth.js";
import { forbidden } from "../../lib/errors.js";

/**
 * The route's guard ran before the transaction; another admin may have removed the actor since.
 * Checked against the admins locked in the transaction, which stay as they are until it ends.
 */
export function assertStillAdmin(lockedAdmins: string[], actor: Principal): void {
  if (!lockedAdmins.includes(actor.id)) throw forbidden("Your account is no longer an active admin. Nothing was changed.");
}
