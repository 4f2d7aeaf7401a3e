import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AuthGuards, bearerToken, currentUser, sameEmail } from "../../lib/auth.js";
import { badRequest } from "../../lib/errors.js";
import { listTooLargeProblem, WHOLE_LISTS, wholeListDescription } from "../../lib/whole-list.js";
import { acknowledged, deleted, emailParams, idParams } from "../common.schemas.js";
import type { UsersService } from "./users.service.js";
import {
  ADMIN_USERS_PAGE_MAX,
  adminStatus,
  adminUsersPage,
  adminUsersQuery,
  signInBody,
  signInResponse,
  updateProfileBody,
  user,
} from "./users.schemas.js";

export interface UsersRoutesOptions {
  users: UsersService;
  auth: AuthGuards;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, auth }) => {
  app.put(
    "/user/:email",
    {
      // The only write a visitor can make: counted per client IP, before the ID token is checked.
      config: { rateLimit: { limit: "signIn", per: "ip" } },
      schema: {
        tags: ["users"],
        description: "Exchanges a Firebase ID token (Authorization: Bearer) for the API access token.",
        params: emailParams,
        body: signInBody,
        response: { 200: signInResponse },
      },
    },
    async (request) => {
      const { email } = request.params;
      if (request.body?.email !== undefined && !sameEmail(request.body.email, email)) {
        throw badRequest("The email in the body does not match the one in the path.", [
          { path: "body/email", message: "Must match the email in the path" },
        ]);
      }
      return users.signIn(email, bearerToken(request));
    },
  );

  app.get(
    "/admin/:email",
    { onRequest: auth.user, schema: { tags: ["users"], params: emailParams, response: { 200: adminStatus } } },
    async (request) => ({ admin: await users.isAdmin(currentUser(request), request.params.email) }),
  );

  app.get(
    "/users",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["users"],
        description: wholeListDescription(WHOLE_LISTS.users, "Every active user, in the order they joined."),
        response: { 200: z.array(user), 422: listTooLargeProblem },
      },
    },
    () => users.list(),
  );

  app.get(
    "/admin/users",
    {
      onRequest: auth.admin,
      schema: {
        tags: ["users"],
        description:
          `One page of the active users for admins, newest first, at most ${ADMIN_USERS_PAGE_MAX}, each with when they joined. ` +
          "`q` is found anywhere in the email or the name, whatever the case; `role` keeps buyers or admins. " +
          "Pass a page's `next` as `cursor` for the page after it; `next` is null on the last page.",
        querystring: adminUsersQuery,
        response: { 200: adminUsersPage },
      },
    },
    (request) => users.page(request.query),
  );

  app.get(
    "/users/:email",
    { onRequest: auth.user, schema: { tags: ["users"], params: emailParams, response: { 200: user } } },
    (request) => users.get(currentUser(request), request.params.email),
  );

  app.put(
    "/users/:email",
    {
      onRequest: auth.user,
      schema: { tags: ["users"], params: emailParams, body: updateProfileBody, response: { 200: user.extend(acknowledged.shape) } },
    },
    async (request) => {
      const updated = await users.updateProfile(currentUser(request), request.params.email, request.body);
      return { ...updated, acknowledged: true as const };
    },
  );

  app.put(
    "/user/admin/:email",
    {
      onRequest: auth.admin,
      schema: { tags: ["users"], params: emailParams, response: { 200: user.extend(acknowledged.shape) } },
    },
    async (request) => ({ ...(await users.makeAdmin(currentUser(request), request.params.email)), acknowledged: true as const }),
  );

  app.delete(
    "/users/:id",
    { onRequest: auth.admin, schema: { tags: ["users"], params: idParams, response: { 200: deleted } } },
    async (request) => {
      await users.remove(currentUser(request), request.params.id);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
