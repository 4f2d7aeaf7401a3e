import { createServer } from "node:http";

/** The machine's ceiling: a bare node:http server answering a fixed JSON body, nothing else. */
const body = JSON.stringify({ status: "ok", message: "a fixed body of about the size of a small API answer" });
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => process.exit(0));
