import { setupServer } from "msw/node";

/** The API as tests see it, at the network layer: each test declares the calls it answers with `server.use()`. */
export const server = setupServer();
