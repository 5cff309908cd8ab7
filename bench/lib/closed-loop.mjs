// Closed-loop HTTP load: keep-alive connections, each sends its next request when the answer
// is in. Shared by the read-path and member benchmarks (session cookies: rush.mjs).
import http from 'node:http';

/** One GET with optional cookie and Accept-Encoding; resolves with status, body text (as sent) and milliseconds. */
export function get(agent, port, urlPath, cookie, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        agent,
        headers: {
          accept: 'application/json',
          ...(cookie ? { cookie } : {}),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * `connections` keep-alive connections for `seconds` after a warm-up round; connection i sends
 * cookies[i % cookies.length] (none when the list is empty) and `acceptEncoding` if given (as a
 * browser: `gzip, deflate, br, zstd`). Requests, duration (ms), the latencies sorted, requests/s,
 * p50, p99, non-200 answers.
 */
export async function closedLoop(port, urlPath, { connections, seconds, cookies = [], acceptEncoding }) {
  const agents = Array.from({ length: connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const cookieOf = (i) => (cookies.length ? cookies[i % cookies.length] : undefined);
  await Promise.all(agents.map((a, i) => get(a, port, urlPath, cookieOf(i), acceptEncoding)));
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    agents.map(async (agent, i) => {
      while (performance.now() < until) {
        const r = await get(agent, port, urlPath, cookieOf(i), acceptEncoding);
        if (r.status !== 200) errors += 1;
        latencies.push(r.ms);
      }
    }),
  );
  const ms = performance.now() - t0;
  agents.forEach((a) => a.destroy());
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    ms,
    latencies,
    rps: latencies.length / (ms / 1000),
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
    errors,
  };
}
