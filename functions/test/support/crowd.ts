import type { UserRecord } from "../../src/modules/users/users.store.js";
import type { TestApi } from "./test-app.js";

/**
 * Buyers as the API knows them after sign-in, made through the users port rather than the Auth
 * emulator, so a test can have a thousand: an account and an API token each. `label` names them.
 */
export async function crowdOfBuyers(api: TestApi, count: number, label = "crowd"): Promise<string[]> {
  const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const accounts: UserRecord[] = [];
  // A hundred accounts a change: a Firestore transaction writes at most 500 documents, three an account.
  for (let start = 0; start < count; start += 100) {
    const indexes = Array.from({ length: Math.min(100, count - start) }, (_, i) => start + i);
    accounts.push(
      ...(await api.stores.change(async ({ tx }) => {
        const made: UserRecord[] = [];
        for (const i of indexes) {
          made.push(await api.stores.users.insertAccount(tx, { firebaseUid: `${label}-${run}-${i}`, email: `${label}-${run}-${i}@toolshop.test`, name: `${label} ${i}`, role: "buyer" }));
        }
        return made;
      })),
    );
  }
  return Promise.all(accounts.map((account) => api.tokens.issue({ userId: account.id, email: account.email })));
}
