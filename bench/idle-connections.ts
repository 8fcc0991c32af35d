// Benchmark: resident memory of one ingest process holding 10,000 idle TCP connections (GT06 devices that
// logged in and then stay silent). Usage: pnpm bench:idle [connections]
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gt06Login } from '@waymark/ingest/simulator/gt06-frames';
import { imeiOf } from '@waymark/ingest/simulator/simulation';

const count = Number(process.argv[2] ?? 10_000);
const root = join(import.meta.dirname, '..');
const child = spawn(join(root, 'node_modules/.bin/tsx'), ['--expose-gc', join(root, 'bench/support/ingest-only.ts')], {
  cwd: root,
  env: { ...process.env, BENCH_PROTOCOL: 'gt06' },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines: string[] = [];
let buffered = '';
child.stdout.on('data', (d) => {
  buffered += String(d);
  const parts = buffered.split('\n');
  buffered = parts.pop() ?? '';
  lines.push(...parts);
});
const nextLine = async (prefix: string) => {
  for (;;) {
    const i = lines.findIndex((l) => l.startsWith(prefix));
    if (i >= 0) return lines.splice(i, 1)[0] as string;
    await new Promise((r) => setTimeout(r, 20));
  }
};
const rss = async () => {
  child.stdin.write('rss\n');
  return Number((await nextLine('rss ')).split(' ')[1]);
};

const port = Number((await nextLine('ready ')).split(' ')[1]);
await new Promise((r) => setTimeout(r, 500));
const before = await rss();
const sockets: Socket[] = [];
const started = Date.now();
for (let i = 0; i < count; i += 200) {
  const group = Array.from(
    { length: Math.min(200, count - i) },
    (_, k) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(gt06Login(imeiOf('35209900', i + k), 1));
        });
        socket.once('data', () => resolve()); // the login ack
        socket.once('error', reject);
        sockets.push(socket);
      }),
  );
  await Promise.all(group);
}
const opened = Date.now() - started;
await new Promise((r) => setTimeout(r, 2000));
const after = await rss();
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log(`connections logged in: ${sockets.length} in ${(opened / 1000).toFixed(1)} s`);
console.log(
  `ingest RSS: ${mb(before)} MB before, ${mb(after)} MB with ${sockets.length} idle connections (${((after - before) / sockets.length / 1024).toFixed(1)} KiB each)`,
);
for (const s of sockets) s.destroy();
child.kill();
process.exit(0);
