export interface FieldError {
  path: string;
  message: string;
}

/** A member of a problem beyond the standard ones: JSON a client can read. */
export type ProblemExtension = string | number | boolean | null | readonly ProblemExtension[] | { readonly [member: string]: ProblemExtension };

/** An expected failure: its status, a stable code the client can branch on, and a human detail. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Members of the problem beyond the standard ones, that a client can act on (RFC 9457 extensions). */
    readonly extensions?: Readonly<Record<string, ProblemExtension>>,
  ) {
    super(detail);
    this.name = "AppError";
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError(400, "bad_request", "Bad Request", detail, errors);
export const unauthorized = (detail = "Sign in to continue.") =>
  new AppError(401, "unauthorized", "Unauthorized", detail);
export const forbidden = (detail = "You are not allowed to do this.") =>
  new AppError(403, "forbidden", "Forbidden", detail);
export const notFound = (what: string) => new AppError(404, "not_found", "Not Found", `${what} was not found.`);
export const conflict = (code: string, detail: string) => new AppError(409, code, "Conflict", detail);
export const unprocessable = (code: string, detail: string) =>
  new AppError(422, code, "Unprocessable Content", detail);
export const notImplemented = (detail: string) =>
  new AppError(501, "not_implemented", "Not Implemented", detail);
export const serviceUnavailable = (detail = "The service is briefly unavailable. Please retry shortly.") =>
  new AppError(503, "unavailable", "Service Unavailable", detail);

export interface Problem {
  type: string;
  status: number;
  title: string;
  detail: string;
  code: string;
  errors?: FieldError[];
  requestId?: string;
  [extension: string]: unknown;
}

export function toProblem(error: AppError): Problem {
  return {
    // First, so an extension can never stand in for a standard member.
    ...error.extensions,
    type: "about:blank",
    status: error.status,
    title: error.title,
    detail: error.detail,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}
export const badGateway = (detail: string) => new AppError(502, "payment_provider_error", "Bad Gateway", detail);
