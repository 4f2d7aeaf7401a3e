import type { AdminUser, User } from "./users.schemas.js";
import type { UserRecord } from "./users.store.js";

/** An account as the API answers it: its id is `_id`, and nothing of the sign-in behind it shows. */
export const toUser = (row: UserRecord): User => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  education: row.education,
  location: row.location,
  number: row.number,
  linkIn: row.linkIn,
});

/** An account as the admins' list of users shows it, with when it joined. */
export const toAdminUser = (row: UserRecord): AdminUser => ({ ...toUser(row), createdAt: row.createdAt.toISOString() });
