import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SharedRenders } from './shared-renders.ts';

function collect(stream: PassThrough): Promise<string> {
  const parts: Buffer[] = [];
  stream.on('data', (c: Buffer) => parts.push(c));
  return new Promise((resolve) => stream.on('end', () => resolve(Buffer.concat(parts).toString())));
}
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('shared renderings', () => {
  it('when the same file is asked for while it is being made, then it is made once and both get all of it', async () => {
    const renders = new SharedRenders();
    let runs = 0;
    const render = async (sink: Writable) => {
      runs += 1;
      sink.write('a');
      await tick();
      sink.write('b');
      await tick();
      sink.end('c');
    };
    const first = new PassThrough();
    const second = new PassThrough();
    const texts = [collect(first), collect(second)];
    const one = renders.run('k', first, render);
    await tick();
    const two = renders.run('k', second, render);
    await Promise.all([one, two]);
    expect(await Promise.all(texts)).toEqual(['abc', 'abc']);
    expect(runs).toBe(1);
    expect(renders.size).toBe(0);
    // Afterwards a new request makes the file anew.
    const third = new PassThrough();
    const text = collect(third);
    await renders.run('k', third, render);
    expect(await text).toBe('abc');
    expect(runs).toBe(2);
  });

  it('when the rendering fails, then every receiver gets the error; when all receivers leave, the rendering is stopped', async () => {
    const renders = new SharedRenders();
    await expect(renders.run('x', new PassThrough(), async () => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    let sinkDestroyed = false;
    const out = new PassThrough();
    const running = renders.run('y', out, async (sink) => {
      sink.write('a');
      await tick();
      out.destroy();
      await tick();
      sinkDestroyed = sink.destroyed;
      sink.end();
    });
    await running.catch(() => undefined);
    expect(sinkDestroyed).toBe(true);
  });

  it('when a receiver reads slowly, then the rendering waits for it instead of piling the file up in front of it', async () => {
    const renders = new SharedRenders();
    // A receiver that takes a chunk every 5 ms and holds at most 2 bytes.
    const received: string[] = [];
    const slow = new Writable({
      highWaterMark: 2,
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk.toString());
        setTimeout(callback, 5);
      },
    });
    const ahead: number[] = [];
    await renders.run('z', slow, async (sink) => {
      await tick();
      for (const part of ['aa', 'bb', 'cc', 'dd']) {
        sink.write(part);
        if (sink.writableNeedDrain) await new Promise((resolve) => sink.once('drain', resolve));
        ahead.push(slow.writableLength);
      }
      sink.end();
    });
    expect(received.join('')).toBe('aabbccdd');
    // Never more than the chunk just written waiting in front of the receiver.
    expect(Math.max(...ahead)).toBeLessThanOrEqual(2);
  });
});
