import { PHONE_PATTERN } from '@lingxi/contract';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { accountRepository } from './modules/account/account.repository.js';

/** Operator tasks from a shell: `npm run admin -- grant 13800000000` (or `revoke`). */
const usage = 'usage: admin grant|revoke <phone>';

async function main(argv: string[]) {
  const [command, phone] = argv;
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
