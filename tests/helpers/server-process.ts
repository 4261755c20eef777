// The production entry (main.ts) in its own process, for the tests that kill it or take its database away
// under it (kill-9, database-outage): what it prints is kept, so a failing test can show the server's side.

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the server printed so far (stdout), line by line. */
  output(): string[];
  /** Whether the process is still running (it never exited on its own). */
  running(): boolean;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** main.ts on `databaseUrl` (no demo data, logs at `logLevel`); resolves once it listens. */
export async function spawnServer(
  databaseUrl: string,
  opts: { logLevel?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: {
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      DEMO: "false",
      LOG_LEVEL: opts.logLevel ?? "error",
      ...opts.env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let exited = false;
  void child.status.then(() => (exited = true));
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server exited before listening:\n${seen}`);
    seen += decoder.decode(value, { stream: true });
    const m = seen.match(/listening on (http:\/\/[^\s]+)/);
    if (!m) continue;
    void (async () => {
      try {
        while (true) {
          const { value, done } = await reader.read();
          if (done) break;
          seen += decoder.decode(value, { stream: true });
        }
      } catch { /* closed */ }
    })();
    const end = async (signal: Deno.Signal) => {
      try {
        child.kill(signal);
      } catch { /* gone */ }
      await child.status;
    };
    return {
      url: m[1],
      pid: child.pid,
      output: () => seen.split("\n").filter(Boolean),
      running: () => !exited,
      kill9: () => end("SIGKILL"),
      stop: () => end("SIGTERM"),
    };
  }
}
