import { useState } from "react";
import Field from "./ui/Field.tsx";
import { newPasswordInput, PASSWORD_MIN } from "../lib/auth/inputs.ts";
import { useZodForm } from "./client/form.ts";
import { api } from "./client/api.ts";
import { toastAfterNavigation } from "./client/toast.ts";
import { reactIsland } from "./ui/island.ts";

/**
 * A real form (method, action, named fields, the token in a hidden field) that routes/reset-password.astro
 * handles when posted before this script runs; `refused` is what it answered then. Once hydrated, the API.
 */
export default function ResetPasswordForm(
  { token, refused }: { token: string; refused?: { error: string; fields: Record<string, string> } },
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(refused?.error ?? "");
  const form = useZodForm(
    newPasswordInput,
    { token, password: "", password_confirm: "" },
    undefined,
    refused?.fields,
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    form.markSubmitted();
    if (!form.data) return;
    setBusy(true);
    try {
      await api("/api/auth/password_reset/confirm/", { method: "POST", json: form.data });
      toastAfterNavigation("success", "Password was reset!");
      window.location.assign("/");
    } catch {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      data-astro-reload
      action={`/reset-password?token=${encodeURIComponent(token)}`}
      onSubmit={submit}
      noValidate
      className="w-full max-w-sm space-y-4"
      data-testid="new-password-form"
    >
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Choose a new password</h2>
        <p className="mt-1 text-sm text-slate-500">
          At least {PASSWORD_MIN} characters. Your other sessions end when it is saved.
        </p>
      </div>
      <input type="hidden" name="token" value={token} />
      {error
        ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
            {error}
          </p>
        )
        : null}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.bind("password")}
        error={form.errorFor("password")}
      />
      <Field
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        {...form.bind("password_confirm")}
        error={form.errorFor("password_confirm")}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>Save password</button>
      <a href="/" className="btn-ghost w-full">Back to sign in</a>
    </form>
  );
}

reactIsland(ResetPasswordForm);
