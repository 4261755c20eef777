// The SMS webhook's and the simulated phone's refusals (codes `sms.*`).
import { DomainError } from "../errors.ts";

export const SMS = {
  webhookOff: "sms.webhook_not_configured",
  unsigned: "sms.signature_missing",
  badSignature: "sms.signature_invalid",
  notForm: "sms.not_form_encoded",
  simulateOff: "sms.simulate_off",
  notAnSms: "sms.not_an_outbound_sms",
} as const;

export const webhookOff = () =>
  new DomainError(
    SMS.webhookOff,
    "forbidden",
    "SMS replies are not accepted: TWILIO_AUTH_TOKEN is not set, so no request can be verified.",
  );
export const unsigned = () =>
  new DomainError(SMS.unsigned, "forbidden", "The request carries no X-Twilio-Signature header.");
export const badSignature = () =>
  new DomainError(
    SMS.badSignature,
    "forbidden",
    "The X-Twilio-Signature does not match this request (signed with another auth token or for another URL " +
      "than PUBLIC_URL + path?).",
  );
export const notForm = () =>
  new DomainError(SMS.notForm, "invalid", "Twilio posts application/x-www-form-urlencoded bodies.");
export const simulateOff = () =>
  new DomainError(
    SMS.simulateOff,
    "forbidden",
    "Simulated replies are for the demo only: Twilio is configured, so replies come from drivers' phones.",
  );
export const notAnSms = (id: number) =>
  new DomainError(SMS.notAnSms, "not_found", `Message ${id} is not an SMS we sent.`, { field: "message" });
