import { connect, createServer, type Server, type Socket } from "node:net";

interface Link {
  client: Socket;
  upstream: Socket | null;
}

/**
 * A TCP passage to the database that can freeze: bytes stop moving both ways and new connections
 * are accepted but never answered, with no reset and no error, as when the database's host hangs
 * or the network between drops packets. Thawing lets everything held go through.
 */
export class FreezableLink {
  private readonly links = new Set<Link>();
  private frozen = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort: number): Promise<FreezableLink> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const link = new FreezableLink(server, typeof address === "object" && address ? address.port : 0, targetPort);
    server.on("connection", (client) => link.accept(client));
    return link;
  }

  /** The database's URL with the host and port of this passage. */
  route(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  freeze(): void {
    this.frozen = true;
    for (const link of this.links) {
      link.client.unpipe();
      link.upstream?.unpipe();
      link.client.pause();
      link.upstream?.pause();
    }
  }

  thaw(): void {
    this.frozen = false;
    for (const link of this.links) this.flow(link);
  }

  async stop(): Promise<void> {
    for (const link of this.links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    const link: Link = { client, upstream: null };
    this.links.add(link);
    const forget = () => {
      this.links.delete(link);
      client.destroy();
      link.upstream?.destroy();
    };
    client.on("error", forget).on("close", forget);
    if (this.frozen) client.pause();
    else this.flow(link);
  }

  private flow(link: Link): void {
    if (!link.upstream) {
      link.upstream = connect(this.targetPort, "127.0.0.1");
      const forget = () => link.client.destroy();
      link.upstream.on("error", forget).on("close", forget);
    }
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
  }
}
