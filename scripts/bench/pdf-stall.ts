/**
 * A PDF bomb against a running server (issue 26 §6, decision 034): signs in a coach and a runner
 * through the development sign-in, connects them, uploads a crafted schedule PDF (30 pages sharing
 * one content stream of `ops` text operators, ~15 KB) and asks /api/health every 50 ms until the
 * upload is answered. Prints the upload's answer and time and the slowest health answer. Before
 * decision 034 the bomb held the event loop for its whole parse; now it costs one worker thread.
 *
 *   node --import tsx scripts/bench/pdf-stall.ts [baseUrl=http://127.0.0.1:3000] [ops=60000]
 *   (a server started as `npm start` does: node --import tsx src/server/main.ts, with dev sign-in on)
 */
import { performance } from 'node:perf_hooks';
import { pdfBomb } from '../../src/server/test/fixtures/pdf-bomb';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const ops = Number(process.argv[3] ?? 60_000);

async function signIn(email: string, role: string): Promise<{ token: string; id: string }> {
  const res = await fetch(`${base}/api/auth/dev-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, role }) });
  if (!res.ok) throw new Error(`dev-login ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

const coach = await signIn('pelatih.bom@contoh.id', 'coach');
const runner = await signIn('pelari.bom@contoh.id', 'runner');
const auth = { authorization: `Bearer ${coach.token}` };
const connected = await fetch(`${base}/api/dev/coaching/connections`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ runnerEmail: 'pelari.bom@contoh.id', weeks: 4 }) });
if (connected.status !== 201 && connected.status !== 409) throw new Error(`connection ${connected.status}: ${await connected.text()}`);

const bomb = pdfBomb({ pages: 30, ops });
const form = new FormData();
form.append('file', new Blob([new Uint8Array(bomb)], { type: 'application/pdf' }), 'jadwal.pdf');
const started = performance.now();
let answered: { status: number; body: string; ms: number } | null = null;
const upload = fetch(`${base}/api/runner/${runner.id}/training-plans/schedule/parse`, { method: 'POST', headers: auth, body: form }).then(async (res) => {
  answered = { status: res.status, body: (await res.text()).slice(0, 160), ms: performance.now() - started };
});
const health: number[] = [];
while (!answered) {
  const t = performance.now();
  await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
  health.push(performance.now() - t);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await upload;
const result = answered as { status: number; body: string; ms: number };
health.sort((a, b) => a - b);
console.log(`PDF bomb: ${bomb.length} bytes, 30 pages × ${ops} operators`);
console.log(`upload answered ${result.status} after ${(result.ms / 1000).toFixed(1)} s: ${result.body}`);
console.log(`/api/health during it: ${health.length} answers, median ${health[health.length >> 1]!.toFixed(1)} ms, slowest ${health[health.length - 1]!.toFixed(1)} ms`);
