import type { Command } from "commander";
import { loginInput } from "../../lib/auth/inputs.ts";
import type { CurrentUser } from "../../lib/users/current-user.ts";
import { apiFetch, apiJson, normaliseServer, requestTokens, requireCredentials } from "../client.ts";
import { credentialsPath, deleteCredentials, loadCredentials, saveCredentials } from "../credentials.ts";
import { PASSWORD_OPTIONS_HELP, readPassword } from "../password.ts";
import { result, warn } from "../output.ts";

interface LoginOptions {
  server: string;
  email: string;
  passwordStdin?: boolean;
  passwordEnv?: string;
}

export function registerSession(program: Command): void {
  program.command("login")
    .description("Sign in to a server and keep its tokens for later commands")
    .requiredOption("--server <url>", "the back office's address, e.g. https://dsp.example.com")
    .requiredOption("--email <email>", "your sign-in e-mail")
    .option("--password-stdin", "read the password from standard input (one line)")
    .option("--password-env <VAR>", "read the password from the environment variable VAR")
    .addHelpText(
      "after",
      `\nThe password comes from ${PASSWORD_OPTIONS_HELP}. Tokens are kept in ` +
        `$DSP_CREDENTIALS, else ~/.config/dsp/credentials.json (mode 0600).`,
    )
    .action(async (opts: LoginOptions) => {
      const server = normaliseServer(opts.server);
      const password = await readPassword(opts);
      const input = loginInput.parse({ email: opts.email, password });
      const creds = await requestTokens(server, input.email, input.password);
      const path = credentialsPath();
      await saveCredentials(creds, path);
      result({ server, email: creds.email, credentials: path }, [
        `Logged in to ${server} as ${creds.email}.`,
      ]);
    });

  program.command("logout")
    .description("End the session on the server and delete the stored tokens")
    .action(async () => {
      const path = credentialsPath();
      const creds = await loadCredentials(path);
      let revoked = false;
      if (creds) {
        // Best effort: the file goes even when the server cannot be told.
        try {
          const res = await apiFetch("/api/auth/logout/", {
            method: "POST",
            signal: AbortSignal.timeout(10_000),
          });
          await res.body?.cancel();
          revoked = res.ok;
        } catch (e) {
          warn(`The session on ${creds.server} could not be ended there (${(e as Error).message}).`);
        }
      }
      const deleted = await deleteCredentials(path);
      result({ logged_out: deleted, session_ended: revoked, credentials: path }, [
        deleted
          ? `Logged out${creds ? ` of ${creds.server}` : ""}; deleted ${path}.`
          : "Not logged in; nothing to do.",
      ]);
    });

  program.command("whoami")
    .description("Show the account the stored tokens belong to (checks them with the server)")
    .action(async () => {
      const { server } = await requireCredentials();
      const me = await apiJson<CurrentUser>("/api/current-user/");
      const stations = me.station_spots.map((s) => s.station.tag);
      result({ server, ...me }, [
        `${me.email} (${me.first_name} ${me.last_name}, ${me.role_name}) on ${server}`,
        `Stations: ${stations.length ? stations.join(", ") : "none"}`,
      ]);
    });
}
