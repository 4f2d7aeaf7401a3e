import { HttpResponse } from "msw";
import type { Problem } from "@/lib/api-types";

/**
 * A refusal as the API sends it: problem+json, its status both on the response and in the body.
 * Typed as a plain Response so a handler may answer either this or its success body.
 */
export const problemResponse = (problem: Omit<Problem, "type">): Response =>
  HttpResponse.json<Problem>(
    { type: "about:blank", ...problem },
    { status: problem.status, headers: { "content-type": "application/problem+json" } },
  );
