import { useState } from "react";
import Field from "./ui/Field.tsx";
import { loginInput, resetRequestInput } from "../lib/auth/inputs.ts";
import { useZodForm } from "./client/form.ts";
import { api } from "./client/api.ts";
import { toast, toastAfterNavigation } from "./client/toast.ts";
import { reactIsland } from "./ui/island.ts";

/** What the page rendered after a form posted without scripts (routes/index.astro): mode, kept e-mail, words. */
export interface LoginPanelState {
  mode?: "login" | "reset";
  email?: string;
  error?: string;
  notice?: string;
  fields?: Record<string, string>;
}

/**
 * The landing page's auth form: Login, or Password reset behind 'Forget password ?'. Both are real forms
 * (method, action, named fields) that the server handles when posted before this script runs; once
 * hydrated, they go through the API instead.
 */
export default function LoginPanel({ initial = {} }: { initial?: LoginPanelState }) {
  const [mode, setMode] = useState<"login" | "reset">(initial.mode ?? "login");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState({ error: initial.error ?? "", notice: initial.notice ?? "" });
  const email = initial.email ?? "";
  const fields = initial.fields ?? {};
  const login = useZodForm(loginInput, { email, password: "" }, undefined, mode === "login" ? fields : {});
  const reset = useZodForm(resetRequestInput, { email }, undefined, mode === "reset" ? fields : {});
  const switchTo = (next: "login" | "reset") => (e: React.MouseEvent) => {
    e.preventDefault();
    setSaid({ error: "", notice: "" });
    setMode(next);
  };

  async function submitLogin(e: React.FormEvent) {
    e.preventDefault();
    setSaid({ error: "", notice: "" });
    login.markSubmitted();
    if (!login.data) return;
    setBusy(true);
    try {
      const res = await api<{ redirect: string }>("/api/auth/login/", { method: "POST", json: login.data });
      toastAfterNavigation("success", "Welcome!");
      window.location.assign(res.redirect);
    } catch {
      setBusy(false);
    }
  }

  async function submitReset(e: React.FormEvent) {
    e.preventDefault();
    setSaid({ error: "", notice: "" });
    reset.markSubmitted();
    if (!reset.data) return;
    setBusy(true);
    try {
      await api("/api/auth/password_reset/", { method: "POST", json: reset.data });
      toast("success", "If an account has this address, we have e-mailed you a link to reset your password.");
      reset.reset({ email: "" });
      setMode("login");
    } catch { /* the wrapper showed the message */ }
    setBusy(false);
  }

  return (
    <div className="w-full max-w-sm">
      {mode === "login"
        ? (
          <form
            method="post"
            data-astro-reload
            action="/"
            onSubmit={submitLogin}
            noValidate
            className="space-y-4"
            data-testid="login-form"
          >
            <div>
              <h2 className="text-2xl font-semibold text-slate-900">Sign in</h2>
              <p className="mt-1 text-sm text-slate-500">Use your work e-mail and password.</p>
            </div>
            <input type="hidden" name="intent" value="login" />
            <Said {...said} />
            <Field
              label="Email"
              type="email"
              autoComplete="username"
              {...login.bind("email")}
              error={login.errorFor("email")}
            />
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              {...login.bind("password")}
              error={login.errorFor("password")}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Signing in…" : "Submit"}
            </button>
            {/* A link, so it opens the reset form without scripts too; once hydrated it switches in place. */}
            <a href="/?forgot" role="button" className="btn-ghost w-full" onClick={switchTo("reset")}>
              Forget password ?
            </a>
          </form>
        )
        : (
          <form
            method="post"
            data-astro-reload
            action="/?forgot"
            onSubmit={submitReset}
            noValidate
            className="space-y-4"
            data-testid="reset-form"
          >
            <div>
              <h2 className="text-2xl font-semibold text-slate-900">Password reset</h2>
              <p className="mt-1 text-sm text-slate-500">
                We will e-mail you a link to choose a new password.
              </p>
            </div>
            <input type="hidden" name="intent" value="reset" />
            <Said {...said} />
            <Field
              label="Email"
              type="email"
              autoComplete="username"
              {...reset.bind("email")}
              error={reset.errorFor("email")}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Sending…" : "Submit"}
            </button>
            <a href="/" role="button" className="btn-ghost w-full" onClick={switchTo("login")}>Login</a>
          </form>
        )}
    </div>
  );
}

/** The server's words after a form posted without scripts: a refusal, or the reset link's answer. */
function Said({ error, notice }: { error: string; notice: string }) {
  if (error) {
    return (
      <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
        {error}
      </p>
    );
  }
  if (notice) {
    return (
      <p
        role="status"
        className="rounded bg-emerald-50 p-3 text-sm text-emerald-800"
        data-testid="form-notice"
      >
        {notice}
      </p>
    );
  }
  return null;
}

reactIsland(LoginPanel);
