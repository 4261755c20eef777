// The action table's refusals (codes `action.*`).
import { DomainError } from "../errors.ts";

export const ACTION = {
  notFound: "action.not_found",
  ownerNotFound: "action.owner_not_found",
  nobodyOff: "action.nobody_off_target",
  onTarget: "action.on_target",
  daNotFound: "action.da_not_found",
} as const;

export const actionNotFound = () =>
  new DomainError(ACTION.notFound, "not_found", "There is no such action at your stations.");

export const ownerNotFound = () =>
  new DomainError(
    ACTION.ownerNotFound,
    "invalid",
    "The owner must be a supervisor, manager or owner of your stations.",
    {
      field: "owner",
    },
  );

export const nobodyOff = (measure: string) =>
  new DomainError(ACTION.nobodyOff, "invalid", `No DA of this week is off target in ${measure}.`, {
    field: "transporter_id",
  });

export const onTarget = (measure: string) =>
  new DomainError(ACTION.onTarget, "invalid", `This week is not off target in ${measure.toUpperCase()}.`, {
    field: "measure",
  });

export const daNotFound = () =>
  new DomainError(ACTION.daNotFound, "invalid", "Pick a DA of this week's station.", { field: "driver_id" });
