import { randomUUID } from "node:crypto";
import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { isLow, type ToolDocument, toolRef, wordsEver } from "../src/modules/tools/firestore/tool-documents.js";
import { largeCatalogueTool } from "./large-catalogue.js";

/** Writes handed to the BulkWriter before waiting for them: the documents of one flush stay in memory. */
const FLUSH_EVERY = 5_000;

/**
 * Adds `size` tools to the Firestore at `db`, the same tools PostgreSQL's bench seeds, with a
 * BulkWriter (batched writes, not one transaction each). Bench only: no tool gets the first row of a
 * ledger the shop would write with it, which no catalogue page reads. Says how many "hamer" finds.
 */
export async function seedLargeFirestoreCatalogue(db: Firestore, size: number): Promise<{ hammers: number }> {
  // An emulator takes as many writes as it can; Firestore's ramp-up (500 a second, then more) is for production.
  const writer = db.bulkWriter({ throttling: false });
  let hammers = 0;
  const failed: unknown[] = [];
  for (let i = 1; i <= size; i++) {
    const { createdAt, ...tool } = largeCatalogueTool(i);
    const document: ToolDocument = {
      ...tool,
      nameLower: tool.name.toLowerCase(),
      lowStock: isLow(tool.stock, tool.minOrderQuantity),
      ledgerSeq: 1,
      words: wordsEver([], tool),
      createdAt: Timestamp.fromDate(createdAt),
      updatedAt: null,
      deletedAt: null,
      // Listed long ago and unchanged since, as most of a large catalogue is.
      changedAt: Timestamp.fromDate(createdAt),
    };
    if (document.words.includes("hammer")) hammers++;
    writer.create(toolRef(db, randomUUID()), document).catch((error: unknown) => failed.push(error));
    if (i % FLUSH_EVERY === 0) await writer.flush();
  }
  await writer.close();
  if (failed.length > 0) throw new Error(`${failed.length} of ${size} tools were not written`, { cause: failed[0] });
  return { hammers };
}
