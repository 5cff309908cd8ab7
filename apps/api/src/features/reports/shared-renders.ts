import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Identical downloads at the same time share one rendering: the board opening the same list
 * together at a meeting costs one rendering, not ten. A request that arrives while a
 * rendering of the same file is under way gets what is made so far and then the rest as
 * it comes; one that arrives after it finished starts a new one. Per process, and only an
 * optimisation: nothing depends on it for correctness.
 */
interface Flight {
  chunks: Buffer[];
  subscribers: Set<Writable>;
  done: Promise<void>;
  sink: Writable;
}

export class SharedRenders {
  private readonly flights = new Map<string, Flight>();

  /** Writes the file that `render` makes into `out` and ends `out`; joins a rendering of the same key under way. */
  async run(key: string, out: Writable, render: (sink: Writable) => Promise<void>): Promise<void> {
    const flight = this.flights.get(key) ?? this.start(key, render);
    for (const chunk of flight.chunks) out.write(chunk);
    flight.subscribers.add(out);
    out.once('close', () => this.leave(flight, out));
    try {
      await flight.done;
    } finally {
      flight.subscribers.delete(out);
    }
    if (out.destroyed) return;
    // end() without a callback: express-session's wrapper of res.end takes a function for a chunk.
    out.end();
    await finished(out).catch(() => undefined);
  }

  /** How many renderings are under way (tests). */
  get size(): number {
    return this.flights.size;
  }

  private start(key: string, render: (sink: Writable) => Promise<void>): Flight {
    const chunks: Buffer[] = [];
    const subscribers = new Set<Writable>();
    // The rendering goes at the pace of its slowest receiver: a chunk counts as written when
    // every receiver has taken it (drained) or gone, so nothing piles up in front of a slow one.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        const behind: Promise<void>[] = [];
        for (const out of subscribers) if (!out.destroyed && !out.write(chunk)) behind.push(drained(out));
        if (behind.length === 0) callback();
        else void Promise.all(behind).then(() => callback());
      },
    });
    const flight: Flight = { chunks, subscribers, sink, done: Promise.resolve() };
    // Done when the sink has passed everything on: a renderer may resolve as soon as it has ended
    // the sink, while the last chunks still wait there for a slow receiver.
    flight.done = render(sink)
      .then(async () => {
        if (sink.writableEnded && !sink.writableFinished) await finished(sink);
      })
      .finally(() => this.flights.delete(key));
    // Every subscriber awaits `done`; this only keeps a rendering nobody waits for any more from being unhandled.
    flight.done.catch(() => undefined);
    this.flights.set(key, flight);
    return flight;
  }

  /** A receiver went away; when it was the last, the rendering stops (the renderers check their sink). */
  private leave(flight: Flight, out: Writable): void {
    flight.subscribers.delete(out);
    if (flight.subscribers.size === 0 && !flight.sink.writableFinished) flight.sink.destroy();
  }
}

/** Resolves when `out` has drained its buffer or closed. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
