import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuUs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(fields[1]), comm, cpuUs: (Number(fields[11]) + Number(fields[12])) * TICK_US };
  } catch {
    return null; // gone meanwhile
  }
}

function allStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
}

/** A process and its descendants (a tsx wrapper runs node as its child). */
function treeOf(stats: ProcStat[], root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const s of stats) if (s.ppid === out[i]) out.push(s.pid);
  return out;
}

/**
 * CPU time of named process groups between two snapshots: each group is a process (`tree`: with its descendants)
 * or a command name (every process so named: postgres, redis-server).
 */
export function cpuMeter(groups: Record<string, { pid: number; tree: boolean } | string>) {
  const snapshot = () => {
    const stats = allStats();
    const byPid = new Map(stats.map((s) => [s.pid, s]));
    const out: Record<string, number> = {};
    for (const [name, key] of Object.entries(groups)) {
      const members =
        typeof key === 'string'
          ? stats.filter((s) => s.comm === key)
          : (key.tree ? treeOf(stats, key.pid) : [key.pid]).map((p) => byPid.get(p));
      out[name] = members.reduce((sum, s) => sum + (s?.cpuUs ?? 0), 0);
    }
    return out;
  };
  let start = snapshot();
  let startAt = Date.now();
  return {
    reset() {
      start = snapshot();
      startAt = Date.now();
    },
    /** Share of one core each group used since the last reset, e.g. `api 0.91, postgres 0.55`. */
    report(): string {
      const now = snapshot();
      const wallUs = (Date.now() - startAt) * 1000;
      return Object.keys(groups)
        .map((name) => `${name} ${(((now[name] ?? 0) - (start[name] ?? 0)) / wallUs).toFixed(2)}`)
        .join(', ');
    },
  };
}
