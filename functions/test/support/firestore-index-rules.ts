import {
  DOCUMENT_NAME,
  describeShape,
  type Direction,
  isArrayMembership,
  isEquality,
  isInequality,
  type QueryScope,
  type QueryShape,
  shapeKey,
} from "./firestore-query-shape.js";

/**
 * Which index Firestore serves a query with, as its documentation says
 * (https://firebase.google.com/docs/firestore/query-data/index-overview):
 * - every field has single-field indexes, ascending, descending and array-contains, in collection
 *   scope, unless `fieldOverrides` says otherwise; they serve a query on one field, and Firestore
 *   merges them for a query of equalities alone;
 * - any other query needs a composite index: its equalities and array-contains first (in any order),
 *   then what it orders by, in that order and direction: its `orderBy`s, then its inequality fields
 *   not ordered already, in the order of their names and the direction of the last `orderBy`; then
 *   the fields it sums or averages. Documents follow in name order, in the direction of the last field;
 * - for equalities and one `orderBy`, Firestore also merges composite indexes that end with that
 *   order and between them hold every equality field.
 */

export type IndexField = { fieldPath: string; order: Direction } | { fieldPath: string; arrayConfig: "CONTAINS" };

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: ({ order: Direction; queryScope?: QueryScope } | { arrayConfig: "CONTAINS"; queryScope?: QueryScope })[];
}

/** `firestore.indexes.json`, as the Firebase CLI deploys it. */
export interface IndexFile {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

interface IndexPlan {
  /** The equality and array-contains fields, in the query's order. */
  prefix: IndexField[];
  /** What the results are ordered by, after the equalities. */
  order: { fieldPath: string; order: Direction }[];
  /** The fields summed or averaged that are not in the two above. */
  aggregates: string[];
}

function planOf(shape: QueryShape): IndexPlan {
  const order = shape.orderBy.map((entry) => ({ fieldPath: entry.fieldPath, order: entry.direction }));
  const ordered = new Set(order.map((entry) => entry.fieldPath));
  const lastDirection = order.at(-1)?.order ?? "ASCENDING";
  const inequalities = [...new Set(shape.filters.filter((filter) => isInequality(filter.op)).map((filter) => filter.fieldPath))]
    .filter((fieldPath) => fieldPath !== DOCUMENT_NAME && !ordered.has(fieldPath))
    .sort();
  order.push(...inequalities.map((fieldPath) => ({ fieldPath, order: lastDirection })));

  const prefix: IndexField[] = [];
  for (const filter of shape.filters) {
    if (filter.fieldPath === DOCUMENT_NAME || ordered.has(filter.fieldPath) || prefix.some((field) => field.fieldPath === filter.fieldPath)) continue;
    if (isEquality(filter.op)) prefix.push({ fieldPath: filter.fieldPath, order: "ASCENDING" });
    else if (isArrayMembership(filter.op)) prefix.push({ fieldPath: filter.fieldPath, arrayConfig: "CONTAINS" });
  }

  // Every index ends with the document's name in the direction of its last field, so an order that
  // ends so asks nothing more; alone and ascending, it is the order equalities merge in.
  const last = order.at(-1);
  if (last?.fieldPath === DOCUMENT_NAME) {
    const before = order.at(-2);
    if (before ? before.order === last.order : prefix.length === 0 || last.order === "ASCENDING") order.pop();
  }
  const indexed = new Set([...prefix, ...order].map((field) => field.fieldPath));
  return { prefix, order, aggregates: shape.aggregates.filter((fieldPath) => !indexed.has(fieldPath)) };
}

/**
 * The composite index a query needs, or null when single-field indexes serve it: a query on one
 * field, or of equalities (and array-contains) alone.
 */
export function neededIndex(shape: QueryShape): CompositeIndex | null {
  const plan = planOf(shape);
  const fields = [...plan.prefix, ...plan.order, ...plan.aggregates.map((fieldPath): IndexField => ({ fieldPath, order: "ASCENDING" }))];
  if (plan.order.length === 0 && plan.aggregates.length === 0) return null;
  if (fields.length <= 1) return null;
  return { collectionGroup: shape.collectionGroup, queryScope: shape.queryScope, fields };
}

/** An index's fields without a last `__name__` in the direction of the field before it: every index ends so. */
function meaningfulFields(index: CompositeIndex): IndexField[] {
  const fields = [...index.fields];
  const last = fields.at(-1);
  const before = fields.at(-2);
  if (last?.fieldPath === DOCUMENT_NAME && before && "order" in last && "order" in before && last.order === before.order) fields.pop();
  return fields;
}

const sameField = (a: IndexField, b: IndexField): boolean =>
  a.fieldPath === b.fieldPath && ("arrayConfig" in a ? "arrayConfig" in b : "order" in b && (b as { order: Direction }).order === a.order);

/** Whether the index, by itself, serves a query that needs `needed`. */
function servesAlone(index: CompositeIndex, needed: CompositeIndex, plan: IndexPlan): boolean {
  if (index.collectionGroup !== needed.collectionGroup || index.queryScope !== needed.queryScope) return false;
  const fields = meaningfulFields(index);
  if (fields.length !== needed.fields.length) return false;
  const prefix = fields.slice(0, plan.prefix.length);
  const order = fields.slice(plan.prefix.length, plan.prefix.length + plan.order.length);
  const aggregates = fields.slice(plan.prefix.length + plan.order.length);
  // An equality picks one value, so its direction in the index does not matter; an array's must be `CONTAINS`.
  const prefixServes = plan.prefix.every((wanted) =>
    prefix.some((field) => field.fieldPath === wanted.fieldPath && ("arrayConfig" in wanted) === ("arrayConfig" in field)),
  );
  const orderServes = plan.order.every((wanted, i) => order[i] !== undefined && sameField(wanted, order[i]!));
  const aggregatesServe = plan.aggregates.every((fieldPath) => aggregates.some((field) => field.fieldPath === fieldPath && "order" in field));
  return prefixServes && orderServes && aggregatesServe;
}

/** The indexes Firestore merges for a query of equalities and one order, when they hold every equality. */
function mergedIndexes(shape: QueryShape, plan: IndexPlan, indexes: CompositeIndex[]): CompositeIndex[] | null {
  const mergeable = shape.filters.every((filter) => filter.op === "EQUAL" || filter.op === "IS_NULL" || filter.op === "IS_NAN");
  if (!mergeable || plan.order.length !== 1 || plan.aggregates.length > 0) return null;
  const equalities = new Set(plan.prefix.map((field) => field.fieldPath));
  const parts = indexes.filter((index) => {
    if (index.collectionGroup !== shape.collectionGroup || index.queryScope !== shape.queryScope) return false;
    const fields = meaningfulFields(index);
    const head = fields.slice(0, -1);
    return head.length > 0 && sameField(plan.order[0]!, fields.at(-1)!) && head.every((field) => "order" in field && equalities.has(field.fieldPath));
  });
  const covered = new Set(parts.flatMap((index) => index.fields.map((field) => field.fieldPath)));
  return [...equalities].every((fieldPath) => covered.has(fieldPath)) ? parts : null;
}

/** The single-field indexes a field has: Firestore's automatic ones, or what `fieldOverrides` leaves it. */
function singleFieldModes(file: IndexFile, collectionGroup: string, fieldPath: string, scope: QueryScope): string[] {
  const override = file.fieldOverrides?.find((entry) => entry.collectionGroup === collectionGroup && entry.fieldPath === fieldPath);
  if (!override) return scope === "COLLECTION" ? ["ASCENDING", "DESCENDING", "CONTAINS"] : [];
  return override.indexes.filter((mode) => (mode.queryScope ?? "COLLECTION") === scope).map((mode) => ("order" in mode ? mode.order : mode.arrayConfig));
}

/** The single-field indexes a query served by them lacks, e.g. a field whose indexing is turned off. */
function missingSingleFieldIndexes(shape: QueryShape, file: IndexFile): string[] {
  const plan = planOf(shape);
  const wanted: { fieldPath: string; modes: string[] }[] = [
    ...plan.prefix.map((field) => ({ fieldPath: field.fieldPath, modes: "arrayConfig" in field ? ["CONTAINS"] : ["ASCENDING", "DESCENDING"] })),
    ...plan.order.map((field) => ({ fieldPath: field.fieldPath, modes: [field.order] })),
    ...plan.aggregates.map((fieldPath) => ({ fieldPath, modes: ["ASCENDING", "DESCENDING"] })),
  ].filter((entry) => entry.fieldPath !== DOCUMENT_NAME);
  return wanted
    .filter(({ fieldPath, modes }) => !singleFieldModes(file, shape.collectionGroup, fieldPath, shape.queryScope).some((mode) => modes.includes(mode)))
    .map(({ fieldPath, modes }) => `${shape.collectionGroup}.${fieldPath} (${modes.join(" or ").toLowerCase()}, ${shape.queryScope.toLowerCase().replace("_", " ")} scope)`);
}

export interface RecordedShape {
  shape: QueryShape;
  /** Where the store layer made it: `src/…:line`. */
  sites: string[];
}

export interface MissingIndex {
  /** The composite index to add, or null when single-field indexes are what is missing. */
  index: CompositeIndex | null;
  singleFields: string[];
  queries: RecordedShape[];
}

export interface IndexCheck {
  missing: MissingIndex[];
  /** Composite indexes in the file that no recorded query needs. */
  unused: CompositeIndex[];
}

/** Every recorded query against the file: the indexes it lacks, and the file's indexes no query used. */
export function checkIndexes(recorded: RecordedShape[], file: IndexFile): IndexCheck {
  const used = new Set<CompositeIndex>();
  const missing = new Map<string, MissingIndex>();
  for (const query of recorded) {
    const needed = neededIndex(query.shape);
    if (!needed) {
      const singleFields = missingSingleFieldIndexes(query.shape, file);
      if (singleFields.length > 0) addMissing(missing, `single ${singleFields.join()}`, { index: null, singleFields, queries: [query] });
      continue;
    }
    const plan = planOf(query.shape);
    const alone = file.indexes.find((index) => servesAlone(index, needed, plan));
    const merged = alone ? [alone] : mergedIndexes(query.shape, plan, file.indexes);
    if (merged) merged.forEach((index) => used.add(index));
    else addMissing(missing, JSON.stringify(needed), { index: needed, singleFields: [], queries: [query] });
  }
  return { missing: [...missing.values()], unused: file.indexes.filter((index) => !used.has(index)) };
}

function addMissing(missing: Map<string, MissingIndex>, key: string, entry: MissingIndex): void {
  const known = missing.get(key);
  if (known) known.queries.push(...entry.queries);
  else missing.set(key, entry);
}

/** `orders (status, createdAt desc)`; an array field reads `words contains`. */
export function describeIndex(index: CompositeIndex): string {
  const fields = index.fields.map((field) =>
    "arrayConfig" in field ? `${field.fieldPath} contains` : field.order === "DESCENDING" ? `${field.fieldPath} desc` : field.fieldPath,
  );
  const scope = index.queryScope === "COLLECTION_GROUP" ? "collection group " : "";
  return `${scope}${index.collectionGroup} (${fields.join(", ")})`;
}

/** What to tell whoever runs the tests: each missing index with the queries that need it, as JSON to paste. */
export function reportMissing(missing: MissingIndex[]): string {
  return missing
    .map((entry) => {
      const queries = entry.queries.map((query) => `    ${describeShape(query.shape)}${query.sites.length > 0 ? `  (${query.sites.join(", ")})` : ""}`);
      const what = entry.index
        ? `${describeIndex(entry.index)}, for:\n${queries.join("\n")}\n  add to "indexes": ${JSON.stringify(entry.index)}`
        : `single-field indexes on ${entry.singleFields.join(", ")}, for:\n${queries.join("\n")}\n  "fieldOverrides" turns them off`;
      return `- ${what}`;
    })
    .join("\n");
}

/** The recorded shapes of every test file as one list: a query made in many places is one entry. */
export function mergeRecorded(lists: RecordedShape[][]): RecordedShape[] {
  const byKey = new Map<string, RecordedShape>();
  for (const { shape, sites } of lists.flat()) {
    const known = byKey.get(shapeKey(shape));
    if (known) known.sites = [...new Set([...known.sites, ...sites])].sort();
    else byKey.set(shapeKey(shape), { shape, sites: [...sites].sort() });
  }
  return [...byKey.values()];
}
