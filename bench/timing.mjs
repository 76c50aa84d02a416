// Shared helpers of the benchmark drivers: wall time and peak RSS of a command
// (from /usr/bin/time), medians over several runs, markdown number formatting.
import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `cmd` under /usr/bin/time; returns wall seconds and peak RSS in MB. The
 * command's own stdout and stderr are discarded (analysis dumps can be gigabytes).
 * With `timeout` (seconds) a run that takes longer is killed: `{ timedOut: true }`.
 * With `stderr` (a path) the command's stderr goes to that file instead (test passes
 * print their results there; a failure's error then carries the file's last 4 KB).
 */
export function timed(cmd, cmdArgs, { timeout, stderr } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-time-'));
  const out = join(dir, 'time');
  try {
    // coreutils `timeout` kills the command itself (killing /usr/bin/time would orphan it).
    const limit = timeout ? ['timeout', '-s', 'KILL', String(timeout)] : [];
    const errFd = stderr ? openSync(stderr, 'w') : 'pipe';
    let r;
    try {
      r = spawnSync('/usr/bin/time', ['-o', out, '-f', '%e %M', ...limit, cmd, ...cmdArgs], {
        stdio: ['ignore', 'ignore', errFd], encoding: 'utf8', maxBuffer: 1 << 30,
      });
    } finally {
      if (stderr) closeSync(errFd);
    }
    if (stderr && r.status !== 0) r.stderr = tail(stderr, 4096);
    if (timeout && r.status === 137) return { wall: timeout, rss: NaN, timedOut: true };
    if (r.status !== 0) {
      const e = new Error(`${cmd} ${cmdArgs.join(' ')} failed (exit ${r.status}): ${r.stderr.slice(-500)}`);
      // Drivers that report failures in their tables want the whole stderr and the status.
      Object.assign(e, { status: r.status, stderr: r.stderr });
      throw e;
    }
    const [wall, rssKb] = readFileSync(out, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    return { wall, rss: rssKb / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The last `n` bytes of a file, as text. */
function tail(path, n) {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(Math.min(n, size));
    readSync(fd, buf, 0, buf.length, size - buf.length);
    return buf.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median wall time and maximal peak RSS of `runs` runs; stops early after a timeout. */
export function measure(cmd, cmdArgs, runs, opts = {}) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const s = timed(cmd, cmdArgs, opts);
    if (s.timedOut) return { wall: s.wall, rss: NaN, timedOut: true };
    samples.push(s);
  }
  return { wall: median(samples.map((s) => s.wall)), rss: Math.max(...samples.map((s) => s.rss)) };
}

/** `1.23 s`, or `> 120 s` for a run that timed out. */
export function fmtWall(m) {
  return m.timedOut ? `> ${m.wall} s` : `${m.wall.toFixed(2)} s`;
}
export function fmtRss(m) {
  return Number.isFinite(m.rss) ? `${m.rss.toFixed(0)} MB` : '–';
}
