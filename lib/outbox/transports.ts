import nodemailer from "nodemailer";
import process from "node:process";
import { config } from "../config.ts";
import type { Transport, Transports } from "./sender.ts";
import { TWILIO_DEFAULT_BASE, twilioTransport } from "./twilio.ts";

export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    async send(m) {
      // The Message-ID is the message's key: a resend after an interruption is the same message to mail
      // systems that deduplicate on it.
      const info = await mailer.sendMail({
        from,
        to: m.recipient,
        subject: m.subject,
        text: m.body,
        messageId: `<${m.idempotencyKey}@dsp-back-office>`,
      });
      return { providerRef: info.messageId };
    },
  };
}

/**
 * Twilio's settings: SMS go out only when all three of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
 * TWILIO_FROM are set; TWILIO_API_BASE points at another host (a test double).
 */
export function twilioFromEnv(env: Record<string, string | undefined> = process.env) {
  const accountSid = env.TWILIO_ACCOUNT_SID || undefined;
  const authToken = env.TWILIO_AUTH_TOKEN || undefined;
  const from = env.TWILIO_FROM || undefined;
  if (!accountSid || !authToken || !from) return null;
  return { accountSid, authToken, from, apiBase: env.TWILIO_API_BASE || TWILIO_DEFAULT_BASE };
}

/** The token Twilio signs its webhook requests with: enough on its own to accept replies. */
export const twilioAuthToken = (env: Record<string, string | undefined> = process.env): string | null =>
  env.TWILIO_AUTH_TOKEN || null;

/** Transports switched on by the environment; the embedded default has none (messages are kept). */
export function transportsFromEnv(env: Record<string, string | undefined> = process.env): Transports {
  const t: Transports = {};
  if (config.smtpUrl) t.email = smtpTransport(config.smtpUrl, config.mailFrom);
  const twilio = twilioFromEnv(env);
  if (twilio) t.sms = twilioTransport(twilio);
  return t;
}
