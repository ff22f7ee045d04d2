import type { FastifyInstance } from 'fastify';

/** GET /Alarms/Figures and its CSV: the response figures (median and p90 per day and kind). */
export async function alarmFigureRoutes(_app: FastifyInstance): Promise<void> {}
