/** Reports ("complaints"). Zod-free, so the web app may import it at run time. */
export const REPORT_REASONS = [
  'dislike',
  'violence',
  'alcohol',
  'adult',
  'not_postcard',
  'copyright',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const DEFAULT_REPORT_REASON: ReportReason = 'dislike';

export const REPORT_LIMITS = {
  /** a comment is kept only for the reason `other` */
  commentMax: 1000,
  /** reports accepted per client IP per minute (visitors may report too) */
  perIpPerMinute: 10,
} as const;
