/**
 * Tells whoever keeps a copy of database rows in this process that the site's data may have
 * changed: after every successful write answer of the API (see http/write-signal.ts). Listeners
 * run synchronously, before the answer's headers go out, so a client that has seen its write
 * answered never gets an older copy from this process.
 */
export class WriteSignal {
  private readonly listeners: (() => void)[] = [];

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }
}
