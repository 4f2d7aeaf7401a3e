import type { z } from "zod";
import type { acknowledged, created, deleted, problem } from "@api/common.schemas";

// Types only: the API's schemas describe what it sends, and importing them as types costs no bytes.
export type Acknowledged = z.infer<typeof acknowledged>;
export type Created = z.infer<typeof created>;
export type Deleted = z.infer<typeof deleted>;
export type Problem = z.infer<typeof problem>;
