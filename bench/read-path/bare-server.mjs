// A bare Express 5 app in a process of its own (as the real server runs in one): answers each
// path of the JSON file given as argument with its body, parsed and sent with res.json as a route
// would. Prints the port it listens on.
//
//   node bench/read-path/bare-server.mjs bodies.json
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiDir } from '../lib/build-server.mjs';

const express = createRequire(path.join(apiDir, 'package.json'))('express');
const bodies = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = express();
for (const [p, body] of Object.entries(bodies)) app.get(p, (_req, res) => res.json(body));
const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));
server.keepAliveTimeout = 65_000;
