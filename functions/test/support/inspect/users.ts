import { eq } from "drizzle-orm";
import { Timestamp } from "firebase-admin/firestore";
import { users } from "../../../src/db/schema.js";
import type { AccountValues, UserRecord } from "../../../src/modules/users/users.store.js";
import type { TestApi } from "../test-app.js";

// Accounts as each store keeps them (docs/firestore.md § users), for the tests of All User's order
// and paging, which need accounts that joined (or were removed) at times of their choosing; the
// port stamps an account now.

/** New accounts, through the port, then dated as given: when each joined and, for some, when it was removed. */
export async function addAccountsAt(api: TestApi, accounts: (AccountValues & { createdAt: Date; removedAt?: Date })[]): Promise<UserRecord[]> {
  const added: UserRecord[] = [];
  for (const { createdAt, removedAt = null, ...values } of accounts) {
    const record = await api.stores.change(({ tx }) => api.stores.users.insertAccount(tx, values));
    if (api.storeKind === "firestore") {
      await api.firestore
        .collection("users")
        .doc(record.id)
        .update({ createdAt: Timestamp.fromDate(createdAt), removedAt: removedAt && Timestamp.fromDate(removedAt) });
    } else {
      await api.database.db.update(users).set({ createdAt, removedAt }).where(eq(users.id, record.id));
    }
    added.push({ ...record, createdAt, removedAt });
  }
  return added;
}
