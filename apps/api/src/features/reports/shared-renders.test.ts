import { PassThrough, type Writable } from 'node:stream';
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
});
