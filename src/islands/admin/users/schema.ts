import type { z } from "zod";
import { createUserSchema, plainPasswordSchema } from "../../../shared/auth.ts";

/**
 * The add-a-user form: the server's own schema for `POST /createUser`, with the password as the
 * owner types it (the request carries it encrypted, see queries.ts).
 */
export const newUserSchema = createUserSchema.extend({ password: plainPasswordSchema });
export type NewUserFields = z.input<typeof newUserSchema>;
export type NewUser = z.output<typeof newUserSchema>;

/** The form's fields in screen order: where a problem sends focus first. */
export const NEW_USER_FIELDS = ["email", "userName", "password", "role"] as const;
