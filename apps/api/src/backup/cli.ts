/*
 * npm run backup [-- --out <file or folder>]
 * npm run restore -- <backup file> [--into <DATABASE_FILE or DATABASE_URL>] [--force]
 *
 * Backs up the api's database (DATABASE_FILE or DATABASE_URL) with a manifest of every table's
 * rows and checksum, or restores a backup and proves the restored database matches it. See
 * commands.ts for what each prints and its exit codes.
 */
import { backupCommand, restoreCommand } from './commands';

const [command, ...args] = process.argv.slice(2);
const io = {
  env: process.env,
  print: (line: string) => console.log(line),
  printError: (line: string) => console.error(line),
};
if (command === 'backup') process.exitCode = await backupCommand(args, io);
else if (command === 'restore') process.exitCode = await restoreCommand(args, io);
else {
  console.error('Usage: tsx src/backup/cli.ts backup|restore …');
  process.exitCode = 2;
}
