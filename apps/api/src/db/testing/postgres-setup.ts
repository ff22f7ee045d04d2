// Runs in each test worker of the PostgreSQL project: ':memory:' now means a fresh PostgreSQL copy
// of the migrated template.
import { usePostgresTemplate } from '@sentinel/database/testing';

usePostgresTemplate();
