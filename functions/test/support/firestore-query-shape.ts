import type { AggregateQuery, AggregateSpec, Query } from "firebase-admin/firestore";

/**
 * A query's shape: what decides the index Firestore needs for it (its collection, which fields it
 * filters and how, what it orders by, what it sums), without its values, limit or cursor values.
 * Read from the request the Admin SDK sends, so it is what Firestore itself receives.
 */

export type Direction = "ASCENDING" | "DESCENDING";
export type QueryScope = "COLLECTION" | "COLLECTION_GROUP";

/** The operators of Firestore's wire protocol (`StructuredQuery.FieldFilter` and `UnaryFilter`). */
export type FilterOp =
  | "EQUAL"
  | "IN"
  | "IS_NULL"
  | "IS_NAN"
  | "ARRAY_CONTAINS"
  | "ARRAY_CONTAINS_ANY"
  | "LESS_THAN"
  | "LESS_THAN_OR_EQUAL"
  | "GREATER_THAN"
  | "GREATER_THAN_OR_EQUAL"
  | "NOT_EQUAL"
  | "NOT_IN"
  | "IS_NOT_NULL"
  | "IS_NOT_NAN";

export interface QueryShape {
  collectionGroup: string;
  queryScope: QueryScope;
  filters: { fieldPath: string; op: FilterOp }[];
  orderBy: { fieldPath: string; direction: Direction }[];
  /** The fields a `sum()` or `average()` reads. */
  aggregates: string[];
}

/** The document's name: what Firestore orders by last, and what `FieldPath.documentId()` names. */
export const DOCUMENT_NAME = "__name__";

const EQUALITY_OPS: ReadonlySet<FilterOp> = new Set(["EQUAL", "IN", "IS_NULL", "IS_NAN"]);
const ARRAY_OPS: ReadonlySet<FilterOp> = new Set(["ARRAY_CONTAINS", "ARRAY_CONTAINS_ANY"]);

export const isEquality = (op: FilterOp): boolean => EQUALITY_OPS.has(op);
export const isArrayMembership = (op: FilterOp): boolean => ARRAY_OPS.has(op);
export const isInequality = (op: FilterOp): boolean => !isEquality(op) && !isArrayMembership(op);

// The parts of the SDK's request that a shape reads (`Query.toProto()`, `AggregateQuery.toProto()`).
interface FieldReference {
  fieldPath: string;
}
interface FilterProto {
  compositeFilter?: { op: "AND" | "OR"; filters: FilterProto[] };
  fieldFilter?: { field: FieldReference; op: FilterOp };
  unaryFilter?: { field: FieldReference; op: FilterOp };
}
interface StructuredQueryProto {
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: FilterProto;
  orderBy?: { field: FieldReference; direction?: Direction }[];
}
interface AggregationProto {
  sum?: { field: FieldReference };
  avg?: { field: FieldReference };
}
export interface QueryRequestProto {
  structuredQuery?: StructuredQueryProto;
  structuredAggregationQuery?: { structuredQuery: StructuredQueryProto; aggregations?: AggregationProto[] };
}

type Conjunction = QueryShape["filters"];

/** A filter as the ANDs of plain comparisons it is made of: Firestore serves each with its own index. */
function disjunctiveNormalForm(filter: FilterProto | undefined): Conjunction[] {
  if (!filter) return [[]];
  const single = filter.fieldFilter ?? filter.unaryFilter;
  if (single) return [[{ fieldPath: single.field.fieldPath, op: single.op }]];
  const parts = (filter.compositeFilter?.filters ?? []).map(disjunctiveNormalForm);
  if (filter.compositeFilter?.op === "OR") return parts.flat();
  return parts.reduce<Conjunction[]>((products, part) => products.flatMap((left) => part.map((right) => [...left, ...right])), [[]]);
}

/**
 * The shapes of a request: one, or one per disjunct of an `or`. A query that names no collection
 * (a kindless one, as `recursiveDelete` makes) has none: no store makes one.
 */
export function shapesOfRequest(request: QueryRequestProto): QueryShape[] {
  const structured = request.structuredQuery ?? request.structuredAggregationQuery?.structuredQuery;
  const from = structured?.from?.[0];
  if (!structured || !from?.collectionId) return [];
  const aggregates = (request.structuredAggregationQuery?.aggregations ?? []).flatMap((aggregation) => {
    const field = aggregation.sum?.field ?? aggregation.avg?.field;
    return field ? [field.fieldPath] : [];
  });
  const orderBy = (structured.orderBy ?? []).map((order) => ({ fieldPath: order.field.fieldPath, direction: order.direction ?? "ASCENDING" }));
  return disjunctiveNormalForm(structured.where).map((filters) => ({
    collectionGroup: from.collectionId!,
    queryScope: from.allDescendants ? "COLLECTION_GROUP" : "COLLECTION",
    filters,
    orderBy,
    aggregates: [...new Set(aggregates)],
  }));
}

/** The shapes of a query of the Admin SDK, from the request it sends (`toProto()`, internal to the SDK). */
export function shapesOfQuery(query: Query | AggregateQuery<AggregateSpec>): QueryShape[] {
  return shapesOfRequest((query as unknown as { toProto(): QueryRequestProto }).toProto());
}

/** One key for the shapes that need the same index: filters in any order are the same query. */
export function shapeKey(shape: QueryShape): string {
  const filters = shape.filters.map((filter) => `${filter.fieldPath} ${filter.op}`).sort();
  return JSON.stringify([shape.collectionGroup, shape.queryScope, filters, shape.orderBy, [...shape.aggregates].sort()]);
}

const OPERATOR_TEXT: Record<FilterOp, string> = {
  EQUAL: "==",
  IN: "in",
  IS_NULL: "== null",
  IS_NAN: "== NaN",
  ARRAY_CONTAINS: "array-contains",
  ARRAY_CONTAINS_ANY: "array-contains-any",
  LESS_THAN: "<",
  LESS_THAN_OR_EQUAL: "<=",
  GREATER_THAN: ">",
  GREATER_THAN_OR_EQUAL: ">=",
  NOT_EQUAL: "!=",
  NOT_IN: "not-in",
  IS_NOT_NULL: "!= null",
  IS_NOT_NAN: "!= NaN",
};

/** The shape as the code would write it, e.g. `orders where status ==, releasesAt <= order by releasesAt`. */
export function describeShape(shape: QueryShape): string {
  const parts = [shape.queryScope === "COLLECTION_GROUP" ? `collection group ${shape.collectionGroup}` : shape.collectionGroup];
  if (shape.filters.length > 0) parts.push(`where ${shape.filters.map((filter) => `${filter.fieldPath} ${OPERATOR_TEXT[filter.op]}`).join(", ")}`);
  if (shape.orderBy.length > 0) {
    parts.push(`order by ${shape.orderBy.map((order) => (order.direction === "DESCENDING" ? `${order.fieldPath} desc` : order.fieldPath)).join(", ")}`);
  }
  if (shape.aggregates.length > 0) parts.push(`summing ${shape.aggregates.join(", ")}`);
  return parts.join(" ");
}
