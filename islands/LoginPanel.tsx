import { useState } from "react";
import Field from "./ui/Field.tsx";
import { loginInput, resetRequestInput } from "../lib/auth/inputs.ts";
import { useZodForm } from "./client/form.ts";
import { api } from "./client/api.ts";
import { toast, toastAfterNavigation } from "./client/toast.ts";

/** The landing page's auth form: Login, or Password reset behind 'Forget password ?'. */
export default function LoginPanel() {
  const [mode, setMode] = useState<"login" | "reset">("login");
  const [busy, setBusy] = useState(false);
  const login = useZodForm(loginInput, { email: "", password: "" });
  const reset = useZodForm(resetRequestInput, { email: "" });

  async function submitLogin(e: React.FormEvent) {
    e.preventDefault();
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
            onSubmit={submitLogin}
            noValidate
            className="space-y-4"
            data-testid="login-form"
          >
            <div>
              <h2 className="text-2xl font-semibold text-slate-900">Sign in</h2>
              <p className="mt-1 text-sm text-slate-500">Use your work e-mail and password.</p>
            </div>
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
            <button type="button" className="btn-ghost w-full" onClick={() => setMode("reset")}>
              Forget password ?
            </button>
          </form>
        )
        : (
          <form
            method="post"
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
            <button type="button" className="btn-ghost w-full" onClick={() => setMode("login")}>Login</button>
          </form>
        )}
    </div>
  );
}
