// Runs in each test worker of the SQLite project: ':memory:' databases start as copies of the
// run's migrated or seeded database.
import { inject } from 'vitest';
import { SEEDED_TEMPLATE_ENV } from '../database';
import { API_BUNDLE_ENV } from '../../testing/api-entry';

process.env[SEEDED_TEMPLATE_ENV] = inject('seededTemplate');
// Processes of the api's own (start, db:setup) run from the run's bundle (src/testing/api-bundle.ts).
process.env[API_BUNDLE_ENV] = inject('apiBundle');
