// Runs in each test worker of the SQLite project: ':memory:' databases start as copies of the
// run's migrated or seeded database.
import { inject } from 'vitest';
import { SEEDED_TEMPLATE_ENV } from '../database';

process.env[SEEDED_TEMPLATE_ENV] = inject('seededTemplate');
