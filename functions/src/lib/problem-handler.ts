import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "./db-errors.js";
import { AppError, type FieldError, type Problem, serviceUnavailable, toProblem } from "./errors.js";

type ValidationIssue = { instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> };

function fieldErrors(context: string | undefined, issues: ValidationIssue[]): FieldError[] {
  return issues.flatMap((issue) => {
    const base = `${context ?? "body"}${issue.instancePath === "/" ? "" : issue.instancePath}`;
    const keys = issue.params?.keys;
    if (issue.keyword === "unrecognized_keys" && Array.isArray(keys)) {
      return keys.map((key) => ({ path: `${base}/${String(key)}`, message: "Unknown field" }));
    }
    return [{ path: base, message: issue.message ?? "Invalid value" }];
  });
}

/** Maps every failure to problem+json; anything unexpected is logged and masked. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    return new AppError(400, "validation_failed", "Bad Request", "The request is not valid.", fieldErrors(context, error.validation));
  }
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const known = FRAMEWORK_ERRORS[fastifyError.code ?? ""];
    return new AppError(status, known?.code ?? "bad_request", titleOf(status), known?.detail ?? "The request is not valid.");
  }
  return null;
}

/** Fastify's own rejections, in the API's words. */
const FRAMEWORK_ERRORS: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", detail: "The body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "invalid_json", detail: "The body is empty." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "body_too_large", detail: "The body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "unsupported_media_type", detail: "Send the body as application/json." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "bad_request", detail: "The Content-Length does not match the body." },
};

const TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};
const titleOf = (status: number) => TITLES[status] ?? "Bad Request";

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply.code(problem.status).type("application/problem+json").send(JSON.stringify(problem));
}

export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.warn({ err: error }, known.detail);
      return sendProblem(reply, toProblem(known));
    }
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(reply, {
      type: "about:blank",
      status: 500,
      title: "Internal Server Error",
      detail: "Something went wrong on our side. Please retry later.",
      code: "internal",
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, {
      type: "about:blank",
      status: 404,
      title: "Not Found",
      detail: `No route for ${request.method} ${request.url.split("?")[0]}.`,
      code: "route_not_found",
    }),
  );
}
