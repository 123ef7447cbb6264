import cliProgress from 'cli-progress';

/** A progress reporter; a no-op outside a TTY so that pipes and CI stay quiet. */
export interface Progress {
  tick(n?: number, payload?: Record<string, string | number>): void;
  setTotal(total: number): void;
  stop(): void;
}

const silent: Progress = { tick() {}, setTotal() {}, stop() {} };

/**
 * A progress bar on stderr when stderr is a TTY and CI is not set; otherwise silent.
 * `format` may use cli-progress tokens ({bar} {value} {total} {eta}s) and payload keys.
 */
export function createProgress(label: string, total: number, format?: string): Progress {
  if (!process.stderr.isTTY || process.env.CI) return silent;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: format ?? `${label} {bar} {value}/{total} {percentage}% | eta {eta}s`,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 200,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    tick(n = 1, payload) {
      bar.increment(n, payload);
    },
    setTotal(t) {
      bar.setTotal(t);
    },
    stop() {
      bar.stop();
    },
  };
}
