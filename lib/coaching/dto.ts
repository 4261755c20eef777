// Coaching drafts' shapes (issue 12 point 6). Types only.

export interface CoachingDraftDto {
  id: number;
  driver_id: number | null;
  driver_name: string;
  transporter_id: string;
  language: "en" | "es";
  measures: string[];
  body: string;
  /** 'draft' | 'edited' | 'skipped' | 'sent' */
  status: string;
  sent_at: string | null;
  /** why it would not be sent now: 'blocked' | 'no_mobile' | 'no_da', else null */
  cannot_send: string | null;
}

export interface CoachingDraftsDto {
  station: number;
  year: number;
  /** 1-based */
  week: number;
  results: CoachingDraftDto[];
}

export interface SendDraftsResultDto {
  detail: string;
  sent: number;
  skipped_blocked: number;
  skipped_no_mobile: number;
  actions_logged: number;
}
