// `pnpm chaos`: the scale-out crash test of issue 11 (docs/benchmarks.md). Full size by default; `--short` is the
// size `pnpm test` runs. Options: --trackers N, --pause S (PostgreSQL frozen, seconds), --interval MS, --keep.
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { FULL_RUN, runChaos, SHORT_RUN } from './run';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean' },
    trackers: { type: 'string' },
    pause: { type: 'string' },
    interval: { type: 'string' },
    keep: { type: 'boolean' },
  },
  strict: true,
});
const base = values.short ? SHORT_RUN : FULL_RUN;
const options = {
  ...base,
  ...(values.trackers ? { trackers: Number(values.trackers) } : {}),
  ...(values.pause ? { pauseMs: Number(values.pause) * 1000 } : {}),
  ...(values.interval ? { intervalMs: Number(values.interval) } : {}),
  keep: values.keep ?? false,
};
console.log(
  `chaos: ${options.trackers} trackers, one report each every ${options.intervalMs} ms; PostgreSQL paused ${options.pauseMs / 1000} s; machine ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
const result = await runChaos(options, (line) => console.log(line));
process.exit(result.failures.length === 0 ? 0 : 1);
