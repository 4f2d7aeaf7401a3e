import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Sits between the shop and the Stripe stub and breaks the network on request: what a provider
 * outage looks like from the shop's side, as opposed to the stub's own failures, which are
 * answers Stripe gives (a 500) or withholds (a hang).
 */
export type NetworkFault =
  /** The connection is dropped before the call reaches Stripe: Stripe is unreachable. */
  | { kind: "drop" }
  /** The call reaches Stripe and is carried out, but its answer is lost on the way back. */
  | { kind: "lose-answer" }
  /** The call is carried out, and its answer delivered once `meanwhile` has happened. */
  | { kind: "hold-answer"; meanwhile: () => Promise<void> }
  /** Stripe's edge answers with this status and an error of Stripe's shape, without doing the work. */
  | { kind: "status"; status: number; type: string };

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "host"]);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class StripeFaultProxy {
  /** Every call that reached the proxy, broken or not. */
  calls = 0;
  private faults: NetworkFault[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly target: string,
  ) {}

  static async start(target: string): Promise<StripeFaultProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const proxy = new StripeFaultProxy(server, `http://127.0.0.1:${port}`, target);
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      proxy.handle(request, response).catch(() => response.destroy());
    });
    return proxy;
  }

  /** The next `count` calls, whatever their path, meet this fault. */
  breakNext(count: number, fault: NetworkFault): void {
    this.faults = Array.from({ length: count }, () => fault);
  }

  /** Calls go through untouched again. */
  heal(): void {
    this.faults = [];
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    this.calls += 1;
    const fault = this.faults.shift();
    if (fault?.kind === "drop") return void request.socket.destroy();
    if (fault?.kind === "status") {
      response.writeHead(fault.status, { "content-type": "application/json", "request-id": "req_proxy" });
      return void response.end(JSON.stringify({ error: { type: fault.type, message: `Stripe answered ${fault.status}.` } }));
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string" && !HOP_BY_HOP.has(entry[0])),
    );
    const answer = await fetch(`${this.target}${request.url ?? "/"}`, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
    });
    const text = await answer.text();
    if (fault?.kind === "lose-answer") return void request.socket.destroy();
    if (fault?.kind === "hold-answer") await fault.meanwhile();
    const answerHeaders = Object.fromEntries([...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name)));
    response.writeHead(answer.status, answerHeaders);
    response.end(text);
  }
}
