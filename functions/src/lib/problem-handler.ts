import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/adapters/pg-errors.js";
import { isFirestoreBusy } from "../firestore/errors.js";
import { AppError, type FieldError, type Problem, serviceUnavailable, toProblem } from "./errors.js";
import { API_SECURITY_HEADERS } from "./security-headers.js";

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
  if (isDatabaseUnavailable(error) || isFirestoreBusy(error)) return serviceUnavailable();
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const known = FRAMEWORK_ERRORS[fastifyError.code ?? ""];
    return new AppError(status, known?.code ?? "bad_request", titleOf(status), known?.detail ?? "The request is not valid.");
  }
  return null;
}

/**
 * Fastify's own rejections, in the API's words: a client sees our code and detail, never the
 * framework's error name or message. Any other 4xx the framework raises becomes `bad_request`.
 */
const FRAMEWORK_ERRORS: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", detail: "The body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "invalid_json", detail: "The body is empty." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "body_too_large", detail: "The body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "unsupported_media_type", detail: "Send the body as application/json." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "bad_request", detail: "The Content-Length does not match the body." },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: { code: "unsupported_media_type", detail: "Send the body as application/json." },
  FST_ERR_NOT_FOUND: { code: "route_not_found", detail: "No such route." },
  FST_ERR_BAD_URL: { code: "invalid_url", detail: "The address has a malformed percent-encoding." },
};

const TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
};
const titleOf = (status: number) => TITLES[status] ?? "Bad Request";

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply.code(problem.status).type("application/problem+json").send(JSON.stringify(problem));
}

type FrameworkErrorHandler = NonNullable<FastifyServerOptions["frameworkErrors"]>;

/**
 * The router's rejections, made before any route, hook or error handler runs (a path that does not
 * percent-decode, a path parameter longer than any route takes): the same problems as the rest.
 * These replies skip the onSend hooks, so they carry the API's headers themselves.
 */
export function routerErrorHandler({ longestParam }: { longestParam: number }): FrameworkErrorHandler {
  return (error, _request, reply) => {
    const problem =
      error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? toProblem(
            new AppError(400, "validation_failed", "Bad Request", "The request is not valid.", [
              { path: "params", message: `At most ${longestParam} characters` },
            ]),
          )
        : toProblem(toAppError(error) ?? new AppError(400, "bad_request", "Bad Request", "The request is not valid."));
    void sendProblem(reply.headers(API_SECURITY_HEADERS), problem);
  };
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: "request_timeout", detail: "The request took too long to arrive." },
  HPE_HEADER_OVERFLOW: { status: 431, code: "headers_too_large", detail: "The request line and headers are too large." },
};

/**
 * Requests that are not HTTP the server can read (a malformed request line or header, headers
 * over Node's limit, a request too slow to arrive) never reach Fastify; Node's parser rejects them.
 * The plain server answers them as problems too. Inside Cloud Functions the platform's server
 * meets them first.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const known = CLIENT_ERRORS[error.code ?? ""] ?? { status: 400, code: "bad_request", detail: "The request is not valid HTTP." };
    const body = JSON.stringify({ type: "about:blank", status: known.status, title: titleOf(known.status), detail: known.detail, code: known.code });
    const headers = Object.entries({ ...API_SECURITY_HEADERS, "content-type": "application/problem+json", "content-length": String(Buffer.byteLength(body)), connection: "close" })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`HTTP/1.1 ${known.status} ${titleOf(known.status)}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(error);
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
