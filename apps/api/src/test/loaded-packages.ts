// Preloaded into a server process by a test (`node --import tsx --import ./src/test/loaded-packages.ts …`):
// when the process exits, writes the names of the packages it loaded (ES modules as resolved,
// CommonJS from require's cache) as a JSON array into LOADED_PACKAGES_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const urls = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => urls.add(url));
port1.unref();
// Module hooks run on a thread of their own: each resolved URL comes back through the port.
register(
  'data:text/javascript,let port;export function initialize(data){port=data.port}export async function resolve(specifier,context,next){const result=await next(specifier,context);port.postMessage(result.url);return result}',
  { data: { port: port2 }, transferList: [port2] },
);

const packageOf = (file: string) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];

process.on('exit', () => {
  const files = [...urls, ...Object.keys(createRequire(import.meta.url).cache)];
  const names = new Set(files.map(packageOf).filter((name) => name !== undefined));
  writeFileSync(process.env.LOADED_PACKAGES_FILE!, JSON.stringify([...names].sort()));
});
