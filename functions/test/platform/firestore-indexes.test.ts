import { AggregateField, FieldPath, Filter, Firestore } from "firebase-admin/firestore";
import { afterAll, describe, expect, it } from "vitest";
import { checkIndexes, type CompositeIndex, type IndexField, type IndexFile, neededIndex, reportMissing } from "../support/firestore-index-rules.js";
import { describeShape, type Direction, type FilterOp, type QueryShape, shapesOfQuery } from "../support/firestore-query-shape.js";

// The check after the firestore project's suite decides, for each query the store made, whether
// Firestore needs a composite index for it and whether firestore.indexes.json has one. These are
// its rules, from Firestore's documentation, on queries whose answer is known.

const where = (fieldPath: string, op: FilterOp) => ({ fieldPath, op });
const by = (fieldPath: string, direction: Direction = "ASCENDING") => ({ fieldPath, direction });
const shape = (collectionGroup: string, filters: QueryShape["filters"], orderBy: QueryShape["orderBy"] = [], aggregates: string[] = []): QueryShape => ({
  collectionGroup,
  queryScope: "COLLECTION",
  filters,
  orderBy,
  aggregates,
});
const asc = (fieldPath: string): IndexField => ({ fieldPath, order: "ASCENDING" });
const desc = (fieldPath: string): IndexField => ({ fieldPath, order: "DESCENDING" });
const contains = (fieldPath: string): IndexField => ({ fieldPath, arrayConfig: "CONTAINS" });
const index = (collectionGroup: string, ...fields: IndexField[]): CompositeIndex => ({ collectionGroup, queryScope: "COLLECTION", fields });

describe("which queries need a composite index", () => {
  it.each([
    ["one equality", shape("orders", [where("buyerId", "EQUAL")])],
    ["equalities on several fields, merged from single-field indexes", shape("users", [where("removedAt", "IS_NULL"), where("role", "EQUAL")])],
    ["equalities and an array-contains", shape("tools", [where("words", "ARRAY_CONTAINS"), where("deletedAt", "IS_NULL")])],
    ["a range and an order on the same field", shape("stockMovements", [where("seq", "LESS_THAN")], [by("seq", "DESCENDING")])],
    ["a range alone", shape("tools", [where("changedAt", "GREATER_THAN")])],
    ["an order alone", shape("wishes", [], [by("createdAt", "DESCENDING")])],
    ["an equality and the order it is ranged in", shape("orders", [where("status", "IN")], [by("status")])],
    ["equalities ordered by document name", shape("orders", [where("status", "EQUAL"), where("live", "EQUAL")], [by("__name__")])],
    ["a count of equalities", shape("outbox", [where("sentAt", "IS_NULL"), where("awaitingVerification", "EQUAL")])],
    ["a sum of the field it ranges over", shape("orders", [where("totalCents", "GREATER_THAN")], [], ["totalCents"])],
    ["a not-equal alone", shape("orders", [where("status", "NOT_EQUAL")])],
  ])("when a query has %s, then single-field indexes serve it", (_, query) => {
    expect(neededIndex(query)).toBeNull();
  });

  it.each([
    ["an equality and an order", shape("orders", [where("status", "EQUAL")], [by("createdAt", "DESCENDING")]), [asc("status"), desc("createdAt")]],
    [
      "equalities, then an order and the document name in its direction",
      shape("orders", [where("userEmail", "EQUAL"), where("live", "EQUAL")], [by("createdAt", "DESCENDING"), by("__name__", "DESCENDING")]),
      [asc("userEmail"), asc("live"), desc("createdAt")],
    ],
    [
      "the document name in the other direction",
      shape("users", [where("removedAt", "IS_NULL")], [by("createdAt", "DESCENDING"), by("__name__")]),
      [asc("removedAt"), desc("createdAt"), asc("__name__")],
    ],
    ["an equality and a range on another field", shape("orders", [where("status", "EQUAL"), where("releasesAt", "LESS_THAN_OR_EQUAL")]), [asc("status"), asc("releasesAt")]],
    [
      "an in, equalities and a range",
      shape("orders", [where("buyerId", "IN"), where("toolId", "EQUAL"), where("status", "EQUAL"), where("cancelledAt", "GREATER_THAN")]),
      [asc("buyerId"), asc("toolId"), asc("status"), asc("cancelledAt")],
    ],
    ["a range and an order on another field: the order first", shape("tools", [where("unitPriceCents", "GREATER_THAN")], [by("nameLower")]), [asc("nameLower"), asc("unitPriceCents")]],
    [
      "ranges on two fields: by their names, in the direction of the last order",
      shape("tools", [where("stock", "LESS_THAN"), where("createdAt", "GREATER_THAN")], [by("nameLower", "DESCENDING")]),
      [desc("nameLower"), desc("createdAt"), desc("stock")],
    ],
    ["two orders", shape("users", [], [by("createdAt"), by("email")]), [asc("createdAt"), asc("email")]],
    ["an array-contains and an order", shape("tools", [where("words", "ARRAY_CONTAINS")], [by("createdAt", "DESCENDING")]), [contains("words"), desc("createdAt")]],
    ["an equality and a not-equal", shape("orders", [where("buyerId", "EQUAL"), where("status", "NOT_EQUAL")]), [asc("buyerId"), asc("status")]],
    ["equalities and the document name descending", shape("orders", [where("status", "EQUAL")], [by("__name__", "DESCENDING")]), [asc("status"), desc("__name__")]],
    [
      "a sum over a range of another field",
      shape("orders", [where("status", "IN"), where("paidAt", "GREATER_THAN_OR_EQUAL")], [], ["totalCents"]),
      [asc("status"), asc("paidAt"), asc("totalCents")],
    ],
    ["a sum of equalities", shape("orders", [where("status", "EQUAL")], [], ["totalCents"]), [asc("status"), asc("totalCents")]],
  ])("when a query has %s, then it needs exactly that composite index", (_, query, fields) => {
    expect(neededIndex(query)).toEqual({ collectionGroup: query.collectionGroup, queryScope: "COLLECTION", fields });
  });
});

describe("whether firestore.indexes.json serves the queries", () => {
  const byStatus = { shape: shape("orders", [where("status", "EQUAL")], [by("createdAt", "DESCENDING")]), sites: ["src/modules/orders/firestore/orders.repository.ts:41"] };
  const check = (queries: QueryShape[], file: IndexFile) => checkIndexes(queries.map((query) => ({ shape: query, sites: [] })), file);

  it("when the file has the index a query needs, then nothing is missing and the index counts as used", () => {
    expect(checkIndexes([byStatus], { indexes: [index("orders", asc("status"), desc("createdAt"))] })).toEqual({ missing: [], unused: [] });
  });

  it("when the index orders the other way, then the query's index is missing, with the query, where it is made and the JSON to add", () => {
    const result = checkIndexes([byStatus], { indexes: [index("orders", asc("status"), asc("createdAt"))] });
    expect(result.missing).toEqual([{ index: index("orders", asc("status"), desc("createdAt")), singleFields: [], queries: [byStatus] }]);
    expect(result.unused).toEqual([index("orders", asc("status"), asc("createdAt"))]);
    expect(reportMissing(result.missing)).toBe(
      "- orders (status, createdAt desc), for:\n" +
        "    orders where status == order by createdAt desc  (src/modules/orders/firestore/orders.repository.ts:41)\n" +
        '  add to "indexes": {"collectionGroup":"orders","queryScope":"COLLECTION","fields":[{"fieldPath":"status","order":"ASCENDING"},{"fieldPath":"createdAt","order":"DESCENDING"}]}',
    );
  });

  it("when the equalities come in another order or direction in the index, then it still serves the query", () => {
    const query = shape("orders", [where("userEmail", "EQUAL"), where("live", "EQUAL")], [by("createdAt", "DESCENDING")]);
    expect(check([query], { indexes: [index("orders", desc("live"), asc("userEmail"), desc("createdAt"))] }).missing).toEqual([]);
  });

  it("when the index ends with the document name in its last field's direction, then it is the index without it", () => {
    const query = shape("orders", [where("status", "EQUAL")], [by("createdAt", "DESCENDING"), by("__name__", "DESCENDING")]);
    expect(check([query], { indexes: [index("orders", asc("status"), desc("createdAt"), desc("__name__"))] }).missing).toEqual([]);
  });

  it.each([
    ["holds a field more", index("orders", asc("status"), asc("live"), desc("createdAt"))],
    ["is of another collection", index("payments", asc("status"), desc("createdAt"))],
    ["is in collection group scope", { ...index("orders", asc("status"), desc("createdAt")), queryScope: "COLLECTION_GROUP" as const }],
    ["puts the order first", index("orders", desc("createdAt"), asc("status"))],
    ["holds the equality as an array", index("orders", contains("status"), desc("createdAt"))],
  ])("when the only index %s, then it does not serve the query", (_, other) => {
    expect(check([byStatus.shape], { indexes: [other] }).missing.map((entry) => entry.index)).toEqual([index("orders", asc("status"), desc("createdAt"))]);
  });

  it("when two indexes ending in the query's order hold its equalities between them, then Firestore merges them", () => {
    const query = shape("restaurants", [where("city", "EQUAL"), where("category", "EQUAL")], [by("rating")]);
    const byCity = index("restaurants", asc("city"), asc("rating"));
    const byCategory = index("restaurants", asc("category"), asc("rating"));
    expect(check([query], { indexes: [byCity, byCategory] })).toEqual({ missing: [], unused: [] });
    expect(check([query], { indexes: [byCity] }).missing.map((entry) => entry.index)).toEqual([index("restaurants", asc("city"), asc("category"), asc("rating"))]);
  });

  it("when the equalities include an in, then indexes are not merged for it", () => {
    const query = shape("restaurants", [where("city", "IN"), where("category", "EQUAL")], [by("rating")]);
    const indexes = [index("restaurants", asc("city"), asc("rating")), index("restaurants", asc("category"), asc("rating"))];
    expect(check([query], { indexes }).missing).toHaveLength(1);
  });

  it("when several queries need one missing index, then it is listed once with all of them", () => {
    const first = shape("orders", [where("status", "EQUAL")], [by("createdAt", "DESCENDING")]);
    const withCursor = shape("orders", [where("status", "EQUAL")], [by("createdAt", "DESCENDING"), by("__name__", "DESCENDING")]);
    const result = check([first, withCursor], { indexes: [] });
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]!.queries.map((query) => query.shape)).toEqual([first, withCursor]);
  });

  it("when fieldOverrides turns off a field's single-field indexes, then a query on that field lacks them", () => {
    const query = shape("outbox", [where("html", "EQUAL")]);
    const file: IndexFile = { indexes: [], fieldOverrides: [{ collectionGroup: "outbox", fieldPath: "html", indexes: [] }] };
    expect(check([query], file).missing).toEqual([{ index: null, singleFields: ["outbox.html (ascending or descending, collection scope)"], queries: [{ shape: query, sites: [] }] }]);
    expect(check([shape("outbox", [where("recipient", "EQUAL")])], file).missing).toEqual([]);
  });

  it("when a collection group query filters a field, then it needs that field's collection group index, which Firestore does not make itself", () => {
    const query: QueryShape = { ...shape("stockMovements", [where("toolId", "EQUAL")]), queryScope: "COLLECTION_GROUP" };
    expect(check([query], { indexes: [] }).missing.map((entry) => entry.singleFields)).toEqual([["stockMovements.toolId (ascending or descending, collection group scope)"]]);
    const exempted: IndexFile = { indexes: [], fieldOverrides: [{ collectionGroup: "stockMovements", fieldPath: "toolId", indexes: [{ order: "ASCENDING", queryScope: "COLLECTION_GROUP" }] }] };
    expect(check([query], exempted).missing).toEqual([]);
  });

  it("when no query needs an index of the file, then it is reported unused", () => {
    const unused = index("reviews", asc("shown"), desc("createdAt"));
    expect(checkIndexes([byStatus], { indexes: [index("orders", asc("status"), desc("createdAt")), unused] }).unused).toEqual([unused]);
  });
});

describe("the shape of a query as the Admin SDK sends it", () => {
  const db = new Firestore({ projectId: "demo-query-shapes" });
  afterAll(() => db.terminate());

  it("when a query filters on null, in and a range, orders by document id and sums, then its shape says so", () => {
    const query = db
      .collection("orders")
      .where("deletedAt", "==", null)
      .where("status", "in", ["paid", "shipped"])
      .where("paidAt", ">=", new Date(0))
      .orderBy("paidAt", "desc")
      .orderBy(FieldPath.documentId(), "desc")
      .startAfter(new Date(0), "x")
      .limit(5);
    expect(shapesOfQuery(query)).toEqual([
      shape(
        "orders",
        [where("deletedAt", "IS_NULL"), where("status", "IN"), where("paidAt", "GREATER_THAN_OR_EQUAL")],
        [by("paidAt", "DESCENDING"), by("__name__", "DESCENDING")],
      ),
    ]);
    expect(shapesOfQuery(query.aggregate({ total: AggregateField.sum("totalCents"), n: AggregateField.count() }))[0]!.aggregates).toEqual(["totalCents"]);
  });

  it("when a query ors two filters, then each side is a shape of its own", () => {
    const query = db.collection("tools").where(Filter.and(Filter.where("deletedAt", "==", null), Filter.or(Filter.where("stock", "==", 0), Filter.where("lowStock", "==", true))));
    expect(shapesOfQuery(query).map(describeShape)).toEqual(["tools where deletedAt == null, stock ==", "tools where deletedAt == null, lowStock =="]);
  });

  it("when a query is of a collection group or a subcollection, then its scope and collection say which", () => {
    expect(shapesOfQuery(db.collectionGroup("stockMovements").orderBy("seq"))[0]).toMatchObject({ collectionGroup: "stockMovements", queryScope: "COLLECTION_GROUP" });
    expect(shapesOfQuery(db.collection("tools/t1/stockMovements").orderBy("seq"))[0]).toMatchObject({ collectionGroup: "stockMovements", queryScope: "COLLECTION" });
  });
});
