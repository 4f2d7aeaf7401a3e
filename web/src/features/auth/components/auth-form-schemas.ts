import { z } from "zod";

/** The contract's lower-case address pattern (docs/product.md §6.1: any top-level domain of two letters or more). */
const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;

// Each field reports its first failing rule, so an empty field says "Required" and nothing else.
// Addresses are not case-sensitive in practice (and the sign-in service lower-cases them), so one typed
// as "Ada@Example.com" is checked against the pattern, and sent, as "ada@example.com".
const email = z.string().trim().toLowerCase().min(1, "Email is Required").regex(EMAIL_PATTERN, "Provide a valid Email");
const password = z.string().min(1, "Password is Required").min(6, "Must be 6 characters or longer");

export const loginInput = z.object({ email, password });
export type LoginInput = z.output<typeof loginInput>;

export const signupInput = z.object({ name: z.string().trim().min(1, "Name is Required"), email, password });
export type SignupInput = z.output<typeof signupInput>;
