import { env } from "@/config/env";
import { accessToken } from "./access-token";
import type { Problem } from "./api-types";

export interface FieldError {
  path: string;
  message: string;
}

/** A failed API call: the problem+json document the API sent, or one made up for a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly code: string,
    readonly errors: FieldError[] = [],
    /** The problem document as sent, for the members a refusal adds to it (a refused checkout's `lines`). */
    readonly members: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A bearer token other than the access token (the sign-in exchange sends a Firebase ID token). */
  bearer?: string;
  signal?: AbortSignal;
}

type RenewAccessToken = () => Promise<string | null>;
let renewAccessToken: RenewAccessToken | null = null;

/** How to get a new access token when the API answers 401; the app wires it to the sign-in exchange. */
export function configureApiClient(options: { renewAccessToken: RenewAccessToken }) {
  renewAccessToken = options.renewAccessToken;
}

function urlFor(path: string, query?: Record<string, string>) {
  const search = query ? `?${new URLSearchParams(query).toString()}` : "";
  return `${env.apiUrl}${path}${search}`;
}

async function send(url: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "Network error", "Could not reach the shop. Check your connection and try again.", "network");
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === "object" &&
  body !== null &&
  "detail" in body &&
  typeof body.detail === "string" &&
  "title" in body &&
  typeof body.title === "string";

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === "object" && value !== null && "path" in value && typeof value.path === "string" && "message" in value && typeof value.message === "string";

function toApiError(status: number, body: unknown): ApiError {
  if (isProblem(body)) {
    const errors = Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [];
    return new ApiError(status, body.title, body.detail, typeof body.code === "string" ? body.code : "unknown", errors, body);
  }
  return new ApiError(status, "Request failed", `The request failed (HTTP ${status}). Please try again.`, "unknown");
}

/**
 * Calls the API and resolves with its JSON, typed by the caller from the API's own schemas.
 * On a 401 it asks once for a renewed access token and retries, so an expired token is replaced
 * without sending the user back to the login page.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = urlFor(path, options.query);
  const usesAccessToken = options.bearer === undefined;
  let response = await send(url, options, options.bearer ?? accessToken.get());
  if (response.status === 401 && usesAccessToken && renewAccessToken) {
    const renewed = await renewAccessToken().catch(() => null);
    if (renewed) response = await send(url, options, renewed);
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  // The API serialises every response through its zod response schema (fastify-type-provider-zod,
  // and for its cached answers the same check once per load), so the shape is the declared one;
  // checking it again here would put zod in the first load.
  return body as T;
}

/** What to tell a person about a failed call: the API's detail, or a general sentence. */
/**
 * Retries for the server's check of a payment just after the card was confirmed: the provider may
 * still be settling the intent, or its webhook settling the order at that moment, so a 409 is worth
 * a few brief retries.
 */
export const retryWhileSettling = {
  retry: (failureCount: number, error: Error) => failureCount < 3 && error instanceof ApiError && error.status === 409,
  retryDelay: (failureCount: number) => 400 * 2 ** failureCount,
};

export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
