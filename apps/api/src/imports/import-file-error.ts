/** A file the import cannot take; the message is for a person. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}
