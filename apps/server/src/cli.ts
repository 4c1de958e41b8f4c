import { PHONE_PATTERN } from '@lingxi/contract';
import { loadConfig } from './config.js';
import { backupEmbedded, BackupError, restoreEmbedded } from './db/backup.js';
import { openDatabase } from './db/client.js';
import { accountRepository } from './modules/account/account.repository.js';

/**
 * Operator tasks from a shell: `npm run admin -- grant 13800000000` (or `revoke`); the embedded database's
 * `backup <file>` and `restore <file> [--replace]`, with the server stopped (docs/deploy.md, Backup and restore).
 */
const usage = 'usage: admin grant|revoke <phone> | backup <file.tar.gz> | restore <file.tar.gz> [--replace]';

async function backupOrRestore(command: 'backup' | 'restore', file: string, flags: string[]) {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc, restore with pg_restore (docs/deploy.md)',
    );
    return 2;
  }
  try {
    const done =
      command === 'backup'
        ? await backupEmbedded(config.dataDir, file)
        : await restoreEmbedded(file, config.dataDir, { replace: flags.includes('--replace') });
    console.error(`${command}: ${file} (${JSON.stringify(done)})`);
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(`${command} refused: ${err.message}`);
    return 1;
  }
}

async function main(argv: string[]) {
  const [command, phone, ...flags] = argv;
  if ((command === 'backup' || command === 'restore') && phone) return backupOrRestore(command, phone, flags);
  if (!(command === 'grant' || command === 'revoke') || !phone || !PHONE_PATTERN.test(phone)) {
    console.error(usage);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    const user = await accountRepository.userByPhone(database.db, phone);
    if (!user) {
      console.error(`no user with phone ${phone}; they must log in once first`);
      return 1;
    }
    await accountRepository.updateUser(database.db, user.id, {
      role: command === 'grant' ? 'admin' : 'user',
    });
    console.error(`${phone}: role is now ${command === 'grant' ? 'admin' : 'user'}`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
