import fs from 'node:fs';

/**
 * The CPU time a process has used so far (user + system, /proc/<pid>/stat in clock ticks of
 * 1/100 s), in milliseconds; null where there is no such process or no /proc.
 */
export function processCpuMs(pid: number | string | undefined): number | null {
  if (pid === undefined) return null;
  try {
    return statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** The CPU time of every process of that name (`postgres`: the server and its backends), in milliseconds. */
export function processesCpuMs(name: string): number | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));
  } catch {
    return null;
  }
  let ms = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes(`(${name})`)) ms += statCpuMs(stat);
    } catch {
      // Ended meanwhile.
    }
  }
  return ms;
}

function statCpuMs(stat: string): number {
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
