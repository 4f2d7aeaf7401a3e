/**
 * One lane per document in this instance: the changes of one instance that read the same document
 * take turns, so a hot document (a tool in a rush, its buyer's count) is contended for by at most one
 * change per instance, and Firestore's locks and retries are left with the few instances at once.
 * A lane is held by a change from the moment it first reads the document until the change has
 * committed or failed, whatever attempts Firestore makes in between.
 *
 * Two changes of one instance that take two lanes in opposite orders would wait on each other for
 * good; a change that has waited `patienceMs` for a lane goes on without it, and Firestore's own
 * locks keep it correct.
 */
export class DocumentLanes {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly patienceMs = 2_000) {}

  /** A holder of lanes for one change; `release` ends its turn in every lane it entered. */
  holder(): LaneHolder {
    return new LaneHolder(this.tails, this.patienceMs);
  }
}

export class LaneHolder {
  private readonly held = new Map<string, () => void>();

  constructor(
    private readonly tails: Map<string, Promise<void>>,
    private readonly patienceMs: number,
  ) {}

  /** Waits for this change's turn in each document's lane it does not hold yet. */
  async enter(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      if (this.held.has(path)) continue;
      const before = this.tails.get(path) ?? Promise.resolve();
      let leave!: () => void;
      const mine = new Promise<void>((resolve) => (leave = resolve));
      const tail = before.then(() => mine);
      this.tails.set(path, tail);
      this.held.set(path, () => {
        leave();
        // The last in the lane leaves it empty behind it.
        if (this.tails.get(path) === tail) this.tails.delete(path);
      });
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.patienceMs)));
      await Promise.race([before, patience]);
      clearTimeout(timer);
    }
  }

  release(): void {
    for (const leave of this.held.values()) leave();
    this.held.clear();
  }
}
