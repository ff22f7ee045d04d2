/** The limits of one import file: every upload is answered within seconds, whatever it holds. */
export interface ImportLimits {
  /** IMPORT_MAX_ROWS: the data rows one file may hold. */
  maxRows: number;
  /** IMPORT_MAX_CELL_CHARACTERS: the characters one cell may hold. */
  maxCellCharacters: number;
  /** IMPORT_MAX_DECOMPRESSED_BYTES: what an .xlsx may unpack to. */
  maxDecompressedBytes: number;
  /** IMPORT_PREVIEW_TTL_SECONDS: how long a preview not imported is kept before it is deleted. */
  previewTtlSeconds: number;
  /**
   * IMPORT_COMPANY_ADMIN_ROWS_PER_DAY: the rows a Company-Admin's previews may check against the
   * database in 24 hours (uploads and new mappings): each row tells whether its e-mail, ID number
   * and registration can be used, so the checks are throttled.
   */
  companyAdminRowsPerDay: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxRows: 10_000,
  maxCellCharacters: 1_000,
  maxDecompressedBytes: 20 * 1024 * 1024,
  previewTtlSeconds: 24 * 3_600,
  companyAdminRowsPerDay: 20_000,
};

const SETTINGS: Record<keyof ImportLimits, string> = {
  maxRows: 'IMPORT_MAX_ROWS',
  maxCellCharacters: 'IMPORT_MAX_CELL_CHARACTERS',
  maxDecompressedBytes: 'IMPORT_MAX_DECOMPRESSED_BYTES',
  previewTtlSeconds: 'IMPORT_PREVIEW_TTL_SECONDS',
  companyAdminRowsPerDay: 'IMPORT_COMPANY_ADMIN_ROWS_PER_DAY',
};

/** The IMPORT_* settings, each a whole number of at least 1; an unset one keeps its default. */
export function readImportLimits(env: NodeJS.ProcessEnv): ImportLimits {
  const limits = { ...DEFAULT_IMPORT_LIMITS };
  for (const key of Object.keys(SETTINGS) as (keyof ImportLimits)[]) {
    const name = SETTINGS[key];
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new Error(`${name} must be a whole number of at least 1; it is '${raw}'.`);
    }
    limits[key] = value;
  }
  return limits;
}
