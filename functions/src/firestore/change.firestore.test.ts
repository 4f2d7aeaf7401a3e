import { randomBytes } from "node:crypto";
import { FieldValue } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectFirestore, type FirestoreHandle } from "./client.js";
import { firestoreUnitOfWork, inFirestore } from "./unit-of-work.js";

let handle: FirestoreHandle;
beforeAll(() => {
  handle = connectFirestore({ projectId: `demo-toolshop-change-${randomBytes(6).toString("hex")}` });
});
afterAll(async () => {
  await handle?.close();
  await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${handle.projectId}/databases/(default)/documents`, { method: "DELETE" });
});

const aDocument = () => handle.db.collection("counts").doc(randomBytes(6).toString("hex"));

describe("a change's writes on Firestore", () => {
  it("when a change merges an increment into a document it never read, then the other fields stay and the count moves", async () => {
    const ref = aDocument();
    await ref.set({ unpaid: 3, label: "kept" });
    await firestoreUnitOfWork(handle.db)(async ({ tx }) => inFirestore(tx).merge(ref, { unpaid: FieldValue.increment(-1) }));
    expect((await ref.get()).data()).toEqual({ unpaid: 2, label: "kept" });
  });

  it("when a change merges into a document that does not exist, then it is created with those fields", async () => {
    const ref = aDocument();
    await firestoreUnitOfWork(handle.db)(async ({ tx }) => inFirestore(tx).merge(ref, { unpaid: FieldValue.increment(2) }));
    expect((await ref.get()).data()).toEqual({ unpaid: 2 });
  });

  it("when a change reads a document after merging a computed value into it, then it is told it cannot know it", async () => {
    const ref = aDocument();
    await expect(
      firestoreUnitOfWork(handle.db)(async ({ tx }) => {
        inFirestore(tx).merge(ref, { unpaid: FieldValue.increment(1) });
        return inFirestore(tx).get(ref);
      }),
    ).rejects.toThrow("cannot know");
  });

  it("when a created document is changed in the same change, then it is still refused if another change created it first", async () => {
    const ref = aDocument();
    await ref.set({ n: 1 });
    await expect(
      firestoreUnitOfWork(handle.db)(async ({ tx }) => {
        inFirestore(tx).create(ref, { n: 2 });
        inFirestore(tx).update(ref, { n: 3 });
      }),
    ).rejects.toThrow();
    expect((await ref.get()).data()).toEqual({ n: 1 });
  });
});
