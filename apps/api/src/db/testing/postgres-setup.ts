// Runs in each test worker of the PostgreSQL project: ':memory:' now means a fresh PostgreSQL copy
// of the migrated template (see createDatabase).
import { inject } from 'vitest';
import { PRIVATE_DATABASE_TEMPLATE_ENV } from '../database';

process.env[PRIVATE_DATABASE_TEMPLATE_ENV] = inject('postgresTemplateUrl');
