// Runs in each test worker of the PostgreSQL project: ':memory:' now means a fresh PostgreSQL copy
// of the migrated template, or of the seeded one for a seeded api.
import { inject } from 'vitest';
import { usePostgresTemplate } from '@sentinel/database/testing';
import { SEEDED_TEMPLATE_ENV } from '../database';
import { API_BUNDLE_ENV } from '../../testing/api-entry';

usePostgresTemplate();
process.env[SEEDED_TEMPLATE_ENV] = inject('seededTemplate');
// Processes of the api's own (start, db:setup) run from the run's bundle (src/testing/api-bundle.ts).
process.env[API_BUNDLE_ENV] = inject('apiBundle');
