import { FieldValue, type Firestore, type Transaction } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { FirestoreChange } from "./change.js";

// What a change hands to its transaction at the commit: a document written several times goes as
// one write where one can have the effect of all, and as each in turn where it cannot.

interface Handed {
  op: string;
  path: string;
  data?: unknown;
  options?: unknown;
}

function recorded(): { change: FirestoreChange; handed: Handed[] } {
  const handed: Handed[] = [];
  const record = (op: string) => (ref: { path: string }, data?: unknown, options?: unknown) => {
    handed.push({ op, path: ref.path, ...(data !== undefined && { data }), ...(options !== undefined && { options }) });
  };
  const transaction = { create: record("create"), set: record("set"), update: record("update"), delete: record("delete") } as unknown as Transaction;
  return { change: new FirestoreChange({} as Firestore, transaction), handed };
}

const doc = (path: string) => ({ path }) as Parameters<FirestoreChange["set"]>[0];

describe("the writes a Firestore change commits", () => {
  it("when a change writes one document again and again, then it commits one write of it, as the change left it", () => {
    const { change, handed } = recorded();
    const counter = doc("counters/auditLog");
    for (let last = 1; last <= 100; last++) {
      change.set(counter, { last });
      change.create(doc(`auditLog/${last}`), { seq: last });
    }
    change.commit();
    expect(handed).toHaveLength(101);
    expect(handed.filter(({ path }) => path === "counters/auditLog")).toEqual([{ op: "set", path: "counters/auditLog", data: { last: 100 } }]);
  });

  it("when a created document is then changed, then it is created once with what the change left in it", () => {
    const { change, handed } = recorded();
    change.create(doc("orders/a"), { status: "unpaid", total: 1 });
    change.update(doc("orders/a"), { status: "paid" });
    change.set(doc("orders/a"), { status: "shipped", total: 1 });
    change.commit();
    expect(handed).toEqual([{ op: "create", path: "orders/a", data: { status: "shipped", total: 1 } }]);
  });

  it("when fields are changed twice, then one update carries both", () => {
    const { change, handed } = recorded();
    change.update(doc("tools/t"), { stock: 4 });
    change.update(doc("tools/t"), { stock: 3, lowStock: true });
    change.commit();
    expect(handed).toEqual([{ op: "update", path: "tools/t", data: { stock: 3, lowStock: true } }]);
  });

  it("when a written document is deleted, then only the deletion is committed", () => {
    const { change, handed } = recorded();
    change.set(doc("wishGroups/open:saw"), { count: 1 });
    change.delete(doc("wishGroups/open:saw"));
    change.commit();
    expect(handed).toEqual([{ op: "delete", path: "wishGroups/open:saw" }]);
  });

  it("when a write's meaning depends on the one before (an increment, a create then a delete, an update then a set), then each is committed in turn", () => {
    const { change, handed } = recorded();
    change.merge(doc("orderBuyers/b"), { unpaid: FieldValue.increment(-1) });
    change.merge(doc("orderBuyers/b"), { unpaid: FieldValue.increment(-1) });
    change.create(doc("userEmails/a"), { accountId: "x" });
    change.delete(doc("userEmails/a"));
    change.update(doc("users/x"), { name: "Ada" });
    change.set(doc("users/x"), { name: "Ada", email: "a@example.com" });
    change.commit();
    expect(handed.map(({ op, path }) => `${op} ${path}`)).toEqual([
      "set orderBuyers/b",
      "set orderBuyers/b",
      "create userEmails/a",
      "delete userEmails/a",
      "update users/x",
      "set users/x",
    ]);
    expect(handed[0]!.options).toEqual({ mergeFields: ["unpaid"] });
  });
});
