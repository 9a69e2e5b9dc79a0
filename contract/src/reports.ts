import { z } from 'zod';
import { defineRoutes } from './route';
import { BodyId } from './common';
import { REPORT_LIMITS, REPORT_REASONS } from './rules/reports';
import { trimInvisible } from './rules/text';

export * from './rules/reports';

export const ReportReasonSchema = z.enum(REPORT_REASONS);

export const ReportBody = z.object({
  image_relation_id: BodyId,
  reason: ReportReasonSchema,
  /** kept only for the reason `other` */
  comment: z.string().overwrite(trimInvisible).max(REPORT_LIMITS.commentMax).nullish(),
});
export type ReportBody = z.input<typeof ReportBody>;

export const reportsRoutes = defineRoutes({
  'POST /api/complaints': {
    access: 'optional',
    summary: 'Report a postcard (visitors too; rate-limited per IP)',
    body: ReportBody,
    status: 201,
    response: z.object({ success: z.literal(true), id: z.number().int() }),
  },
});
